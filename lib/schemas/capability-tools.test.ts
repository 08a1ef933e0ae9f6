import { describe, expect, it } from "vitest";

import { capabilityServerInputSchema } from "./capability-server";
import { zodFieldErrors as toFieldErrors } from "./field-errors";

const base = { name: "web", description: "Web tools", mcp_servers: { fetch: "fetch-server", "io.gh.docs": "docs" } };

function problemsOf(tools: unknown) {
  const result = capabilityServerInputSchema.safeParse({ ...base, tools });
  return result.success ? [] : toFieldErrors(result.error);
}

describe("capability tools", () => {
  it.each([
    ["include globs and a chain of virtual tools", { include: ["fetch.*", "io.gh.docs.search_*"], virtual: [
      { name: "get_webpage", source: "fetch.fetch", defaults: { max_length: 5000 } },
      { name: "get_page_text", source: "get_webpage", output_schema: { type: "object", properties: { text: { type: "string", source_field: "$.content[0].text" } } } },
    ] }],
    ["a source on an alias with dots", { virtual: [{ name: "search", source: "io.gh.docs.search_docs" }] }],
    ["a virtual tool's own input_schema (seed 004)", { virtual: [{ name: "get_webpage", source: "fetch.fetch", input_schema: { type: "object", properties: { url: { type: "string" } } } }] }],
  ])("accepts %s", (_, tools) => {
    expect(problemsOf(tools)).toEqual([]);
  });

  it.each([
    ["a cycle, naming the chain", { virtual: [{ name: "a", source: "b" }, { name: "b", source: "a" }] }, [
      { path: "/tools/virtual/0/source", message: "is a cycle: a → b → a" },
      { path: "/tools/virtual/1/source", message: "is a cycle: b → a → b" },
    ]],
    ["a tool that is its own source", { virtual: [{ name: "a", source: "a" }] }, [{ path: "/tools/virtual/0/source", message: "is a cycle: a → a" }]],
    ["a source naming nothing", { virtual: [{ name: "a", source: "nothing" }] }, [
      { path: "/tools/virtual/0/source", message: "'nothing' is neither 'alias.tool' nor a virtual tool of this capability" },
    ]],
    ["a source on an unknown alias", { virtual: [{ name: "a", source: "github.search" }] }, [
      { path: "/tools/virtual/0/source", message: "'github.search' names no alias of mcp_servers (as 'alias.tool') and no virtual tool of this capability" },
    ]],
    ["a repeated name", { virtual: [{ name: "a", source: "fetch.fetch" }, { name: "a", source: "fetch.fetch" }] }, [
      { path: "/tools/virtual/1/name", message: "repeats the virtual tool 'a'" },
    ]],
    ["a dotted virtual name", { virtual: [{ name: "a.b", source: "fetch.fetch" }] }, [
      { path: "/tools/virtual/0/name", message: "must be letters, digits, '_' or '-' (1–128), no dots: dots address 'alias.tool'" },
    ]],
    ["a source_field that is not RFC 9535", { virtual: [{ name: "a", source: "fetch.fetch", output_schema: { type: "object", properties: { n: { type: "integer", source_field: "items.length" } } } }] }, [
      { path: "/tools/virtual/0/output_schema/properties/n/source_field", message: "must be an RFC 9535 JSONPath such as '$.items[*]'" },
    ]],
    ["an output_schema that is no JSON Schema", { virtual: [{ name: "a", source: "fetch.fetch", output_schema: { type: "objekt" } }] }, "json-schema"],
    ["an input_schema that is no JSON Schema", { virtual: [{ name: "a", source: "fetch.fetch", input_schema: { type: "objekt" } }] }, "input-schema"],
    ["an input_schema with a pattern the safe engine cannot run", { virtual: [{ name: "a", source: "fetch.fetch", input_schema: { type: "object", properties: { u: { type: "string", pattern: "(?=a)b" } } } }] }, "input-schema"],
    ["an unknown key", { virtual: [{ name: "a", source: "fetch.fetch", hidden: {} }] }, [{ path: "/tools/virtual/0/hidden", message: "is not a known field" }]],
  ])("refuses %s", (_, tools, expected) => {
    const problems = problemsOf(tools);
    if (expected === "input-schema") {
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((problem) => problem.path.startsWith("/tools/virtual/0/input_schema") && problem.message.startsWith("is not a valid JSON Schema"))).toBe(true);
    } else if (expected === "json-schema") {
      expect(problems.map((problem) => problem.path.startsWith("/tools/virtual/0/output_schema"))).toContain(true);
      expect(problems[0].message).toMatch(/^is not a valid JSON Schema/);
    } else {
      expect(problems).toEqual(expected);
    }
  });
});
