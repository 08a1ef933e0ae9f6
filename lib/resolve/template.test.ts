import { describe, expect, it, test } from "vitest";

import type { FieldError } from "../errors";
import { applyParameters } from "./template";
import type { ResolvedConfig } from "./types";

describe("applyParameters", () => {
  test.each<{
    proves: string;
    config: ResolvedConfig;
    parameters: Record<string, unknown>;
    expected: ResolvedConfig;
  }>([
    {
      proves: "a string parameter fills a header value",
      config: { type: "http", url: "http://localhost:8766/mcp/", headers: { "X-Namespace": "{{namespace}}" } },
      parameters: { namespace: "project-alpha" },
      expected: { type: "http", url: "http://localhost:8766/mcp/", headers: { "X-Namespace": "project-alpha" } },
    },
    {
      proves: "parameters fill the url, several in one string, with spaces inside the braces allowed",
      config: { type: "sse", url: "https://{{ region }}.example.com/{{tenant}}/sse" },
      parameters: { region: "eu-west", tenant: "acme" },
      expected: { type: "sse", url: "https://eu-west.example.com/acme/sse" },
    },
    {
      proves: "numbers and booleans are inserted via String()",
      config: { type: "http", url: "http://h:{{port}}/mcp?debug={{debug}}&ratio={{ratio}}" },
      parameters: { port: 8080, debug: false, ratio: 0.5 },
      expected: { type: "http", url: "http://h:8080/mcp?debug=false&ratio=0.5" },
    },
    {
      proves: "objects and arrays are inserted as JSON",
      config: { type: "stdio", command: "srv", args: ["--tags={{tags}}", "--filter={{filter}}"] },
      parameters: { tags: ["a", "b"], filter: { owner: "me" } },
      expected: { type: "stdio", command: "srv", args: ['--tags=["a","b"]', '--filter={"owner":"me"}'] },
    },
    {
      proves: "stdio command, args and env values are templated",
      config: { type: "stdio", command: "{{runtime}}", args: ["server.js", "--root", "{{root}}"], env: { NAMESPACE: "{{namespace}}" } },
      parameters: { runtime: "node", root: "/data/alpha", namespace: "alpha" },
      expected: { type: "stdio", command: "node", args: ["server.js", "--root", "/data/alpha"], env: { NAMESPACE: "alpha" } },
    },
    {
      proves: "a value containing ${PATH} is inserted literally, never expanded",
      config: { type: "http", url: "http://a/", headers: { "X-Namespace": "{{namespace}}" } },
      parameters: { namespace: "${PATH}" },
      expected: { type: "http", url: "http://a/", headers: { "X-Namespace": "${PATH}" } },
    },
    {
      proves: "a value containing {{other}} is not expanded again",
      config: { type: "http", url: "http://a/{{first}}/{{other}}" },
      parameters: { first: "{{other}}", other: "x" },
      expected: { type: "http", url: "http://a/{{other}}/x" },
    },
    {
      proves: "a string without placeholders is unchanged, and extra parameters are ignored",
      config: { type: "http", url: "http://a/", headers: { Accept: "application/json" } },
      parameters: { unused: "x" },
      expected: { type: "http", url: "http://a/", headers: { Accept: "application/json" } },
    },
  ])("$proves", ({ config, parameters, expected }) => {
    expect(applyParameters(config, parameters)).toEqual({ config: expected, errors: [] });
  });

  test.each<{ proves: string; config: ResolvedConfig; parameters: Record<string, unknown>; errors: FieldError[] }>([
    {
      proves: "a {{param}} with no value is an error naming it at its JSON path",
      config: { type: "http", url: "http://a/", headers: { "X-Namespace": "{{namespace}}" } },
      parameters: {},
      errors: [{ path: "/headers/X-Namespace", message: "parameter 'namespace' has no value" }],
    },
    {
      proves: "a null value counts as no value",
      config: { type: "stdio", command: "srv", args: ["--ns", "{{namespace}}"] },
      parameters: { namespace: null },
      errors: [{ path: "/args/1", message: "parameter 'namespace' has no value" }],
    },
    {
      proves: "every missing parameter is reported once per string",
      config: { type: "stdio", command: "srv", env: { A: "{{a}}-{{a}}-{{b}}" } },
      parameters: {},
      errors: [
        { path: "/env/A", message: "parameter 'a' has no value" },
        { path: "/env/A", message: "parameter 'b' has no value" },
      ],
    },
    {
      proves: "a name of an Object.prototype member is not a value",
      config: { type: "http", url: "http://a/{{constructor}}" },
      parameters: {},
      errors: [{ path: "/url", message: "parameter 'constructor' has no value" }],
    },
  ])("$proves", ({ config, parameters, errors }) => {
    expect(applyParameters(config, parameters).errors).toEqual(errors);
  });
});

describe("applyParameters — a name the schema does not declare", () => {
  it("says it is undeclared instead of asking for a value no caller can give (definitions saved before issue 31)", () => {
    const config = { type: "http" as const, url: "http://a/", headers: { "X-Project-Id": "{{project_id}}", "X-Ns": "{{namespace}}" } };
    expect(applyParameters(config, {}, new Set(["namespace"])).errors).toEqual([
      { path: "/headers/X-Project-Id", message: "uses {{project_id}}, which the parameters schema does not declare" },
      { path: "/headers/X-Ns", message: "parameter 'namespace' has no value" },
    ]);
  });
});
