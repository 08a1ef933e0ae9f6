import { describe, expect, test } from "vitest";

import { movedLiteralSecrets } from "./secret-destinations";

const LITERAL = "Bearer literal-abc123";
const hostSchema = (host: string) => ({ type: "object", properties: { host: { type: "string", default: host } } });
const base = (url: string, headers: Record<string, string> = { Authorization: LITERAL }) => ({ name: "s", transport: { type: "http", url, headers } });

describe("movedLiteralSecrets (DESIGN §14: literal secrets stay where they were written)", () => {
  test.each<{ proves: string; before: Record<string, unknown>; after: Record<string, unknown>; supplied: unknown; moved: string[] }>([
    { proves: "moving the URL to another host while keeping the literal names it", before: base("https://a.example.com/mcp"), after: base("https://evil.test/mcp"), supplied: { transport: { url: "https://evil.test/mcp" } }, moved: ["headers.Authorization"] },
    { proves: "another port is another origin", before: base("http://127.0.0.1:1/mcp"), after: base("http://127.0.0.1:2/mcp"), supplied: null, moved: ["headers.Authorization"] },
    { proves: "another path on the same origin is not a move", before: base("https://a.example.com/mcp"), after: base("https://a.example.com/v2/mcp"), supplied: null, moved: [] },
    { proves: "typing the literal anew in the same write is allowed", before: base("https://a.example.com/mcp"), after: base("https://evil.test/mcp"), supplied: base("https://evil.test/mcp"), moved: [] },
    { proves: "a masked value sent back is not a literal supplied anew", before: base("https://a.example.com/mcp"), after: base("https://evil.test/mcp"), supplied: base("https://evil.test/mcp", { Authorization: "Bearer ••••" }), moved: ["headers.Authorization"] },
    { proves: "a literal beside a placeholder is a literal", before: base("https://a.example.com/mcp", { "X-Api-Key": "${TENANT}-sk-live-1" }), after: base("https://evil.test/mcp", { "X-Api-Key": "${TENANT}-sk-live-1" }), supplied: { transport: { url: "https://evil.test/mcp" } }, moved: ["headers.X-Api-Key"] },
    { proves: "placeholders are not literals", before: base("https://a.example.com/mcp", { Authorization: "Bearer ${TOKEN}" }), after: base("https://evil.test/mcp", { Authorization: "Bearer ${TOKEN}" }), supplied: null, moved: [] },
    {
      proves: "a new environment URL moves the base literals it inherits",
      before: base("https://a.example.com/mcp"), after: { ...base("https://a.example.com/mcp"), environments: { prod: { url: "https://evil.test/mcp" } } },
      supplied: { environments: { prod: { url: "https://evil.test/mcp" } } }, moved: ["headers.Authorization"],
    },
    {
      proves: "an environment that sets the key itself does not carry the base literal",
      before: { ...base("https://a.example.com/mcp"), environments: { prod: { url: "https://b.example.com/mcp", headers: { Authorization: "Bearer ${PROD}" } } } },
      after: { ...base("https://a.example.com/mcp"), environments: { prod: { url: "https://evil.test/mcp", headers: { Authorization: "Bearer ${PROD}" } } } },
      supplied: null, moved: [],
    },
    {
      proves: "an environment's own literal is named under its environment",
      before: { ...base("https://a.example.com/mcp", {}), environments: { prod: { url: "https://b.example.com/mcp", headers: { "X-Api-Key": "k-123" } } } },
      after: { ...base("https://a.example.com/mcp", {}), environments: { prod: { url: "https://evil.test/mcp", headers: { "X-Api-Key": "k-123" } } } },
      supplied: null, moved: ["environments.prod.headers.X-Api-Key"],
    },
    {
      proves: "a stdio command line change moves env literals",
      before: { name: "s", transport: { type: "stdio", command: "node", args: ["a.js"], env: { API_TOKEN: "t-1" } } },
      after: { name: "s", transport: { type: "stdio", command: "node", args: ["b.js"], env: { API_TOKEN: "t-1" } } },
      supplied: null, moved: ["env.API_TOKEN"],
    },
    { proves: "a placeholder host compares as written", before: base("https://{{host}}/mcp"), after: base("https://{{host}}/mcp"), supplied: null, moved: [] },
    {
      proves: "moving the default of a {{host}} parameter moves the destination",
      before: { ...base("http://{{host}}/mcp"), parameters_schema: hostSchema("a.example.com") },
      after: { ...base("http://{{host}}/mcp"), parameters_schema: hostSchema("127.0.0.1:4444") },
      supplied: { parameters_schema: hostSchema("127.0.0.1:4444") }, moved: ["headers.Authorization"],
    },
    {
      proves: "health_parameters that move a {{host}} move the destination",
      before: { ...base("http://{{host}}/mcp"), parameters_schema: hostSchema("a.example.com") },
      after: { ...base("http://{{host}}/mcp"), parameters_schema: hostSchema("a.example.com"), health_parameters: { host: "127.0.0.1:4444/x?" } },
      supplied: { health_parameters: { host: "127.0.0.1:4444/x?" } }, moved: ["headers.Authorization"],
    },
    {
      proves: "writing the URL with a {{host}} whose default is where it connected is not a move",
      before: base("http://a.example.com/mcp"), after: { ...base("http://{{host}}/v2"), parameters_schema: hostSchema("a.example.com") },
      supplied: null, moved: [],
    },
    {
      proves: "a stdio argument filled from a moved default moves the command line",
      before: { name: "s", transport: { type: "stdio", command: "node", args: ["{{script}}"], env: { API_TOKEN: "t-1" } }, parameters_schema: { type: "object", properties: { script: { type: "string", default: "a.js" } } } },
      after: { name: "s", transport: { type: "stdio", command: "node", args: ["{{script}}"], env: { API_TOKEN: "t-1" } }, parameters_schema: { type: "object", properties: { script: { type: "string", default: "b.js" } } } },
      supplied: null, moved: ["env.API_TOKEN"],
    },
  ])("$proves", ({ before, after, supplied, moved }) => {
    expect(movedLiteralSecrets(before, after, supplied)).toEqual(moved);
  });
});
