import { createHash } from "node:crypto";

import { describe, expect, test } from "vitest";

import { toolFingerprint, toolsetFingerprint } from "./fingerprint";
import { toToolDefinition } from "./tool-definition";

/**
 * RFC 8785 written out here, apart from the `canonicalize` package the code uses: objects with keys sorted by
 * UTF-16 code units (JavaScript's default sort), no whitespace, strings and numbers as ECMAScript serializes them.
 */
function jcs(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jcs).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => `${JSON.stringify(key)}:${jcs(item)}`).join(",")}}`;
}
const sha256 = (text: string) => createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");

const search = toToolDefinition({
  name: "search",
  title: "Search the web",
  description: "Finds pages — «quoted», 日本語, and an emoji 😀",
  input_schema: {
    type: "object",
    // Keys whose UTF-16 order differs from code point order: U+FB33 sorts after the surrogate pair of U+1F600.
    properties: { "\uFB33": { type: "string" }, "😀": { type: "number", maximum: 1e21, minimum: -0.000001 }, query: { type: "string" } },
    required: ["query"],
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
});

describe("tool fingerprints (DESIGN §11)", () => {
  test("a tool's fingerprint is the SHA-256 of the JCS of {name, title?, description?, input_schema, …}", () => {
    const expected = sha256(jcs({
      name: "search", title: "Search the web", description: "Finds pages — «quoted», 日本語, and an emoji 😀",
      input_schema: search.input_schema, annotations: { readOnlyHint: true, openWorldHint: true },
    }));
    expect(toolFingerprint(search)).toBe(expected);
    expect(jcs(search.input_schema)).toContain('"😀":{"maximum":1e+21,"minimum":-0.000001,"type":"number"},"\uFB33"');
  });

  test("absent and null optional fields fingerprint alike: they are left out", () => {
    const bare = toToolDefinition({ name: "ping", description: null, input_schema: { type: "object" } });
    expect(bare).toEqual({ name: "ping", input_schema: { type: "object" } });
    expect(toolFingerprint(bare)).toBe(sha256('{"input_schema":{"type":"object"},"name":"ping"}'));
  });

  test("key order as sent does not change a fingerprint", () => {
    const reordered = toToolDefinition({
      annotations: { openWorldHint: true, readOnlyHint: true },
      input_schema: { required: ["query"], properties: search.input_schema.properties, type: "object" },
      description: search.description!, title: search.title, name: "search",
    });
    expect(toolFingerprint(reordered)).toBe(toolFingerprint(search));
  });

  test("the toolset fingerprint covers the instructions and [name, fingerprint] pairs sorted by name", () => {
    const tools = [{ name: "zeta", fingerprint: "f2" }, { name: "Alpha", fingerprint: "f1" }, { name: "alpha", fingerprint: "f3" }];
    expect(toolsetFingerprint("Use carefully", tools))
      .toBe(sha256('{"instructions":"Use carefully","tools":[["Alpha","f1"],["alpha","f3"],["zeta","f2"]]}'));
    expect(toolsetFingerprint(null, [])).toBe(sha256('{"instructions":null,"tools":[]}'));
    expect(toolsetFingerprint(null, tools)).not.toBe(toolsetFingerprint("Use carefully", tools));
  });
});
