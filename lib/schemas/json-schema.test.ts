import { describe, expect, it } from "vitest";

import { checkJsonSchema, validateAgainstSchema } from "./json-schema";

describe("untrusted JSON Schemas", () => {
  it("a catastrophic-backtracking pattern validates correctly on RE2 and completes", () => {
    const schema = { type: "string", pattern: "^(a+)+$" };
    const started = performance.now();
    const errors = validateAgainstSchema(schema, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaa!");
    console.log(`[redos] ^(a+)+$ against 29 × "a" + "!": ${(performance.now() - started).toFixed(2)} ms`);
    expect(errors).toEqual([{ path: "", message: 'must match pattern "^(a+)+$"' }]);
    expect(validateAgainstSchema(schema, "aaaa")).toEqual([]);
    expect(validateAgainstSchema({ type: "object", patternProperties: { "^(x+)+$": { type: "number" } } }, { ["x".repeat(40) + "!"]: "s", xx: 1 })).toEqual([]);
  });

  it("a pattern RE2 cannot compile is named by its path", () => {
    const schema = {
      type: "object",
      properties: {
        name: { type: "string", pattern: "^(?=a)a$" },
        again: { type: "string", pattern: "(a)\\1" },
        pattern: { type: "string", default: { pattern: "(?!x)" } },
      },
      patternProperties: { "^(?<=x)y$": {} },
    };
    expect(checkJsonSchema(schema)).toEqual([
      { path: "/properties/name/pattern", message: expect.stringContaining("is not supported: patterns are matched with RE2") },
      { path: "/properties/again/pattern", message: expect.stringContaining("is not supported: patterns are matched with RE2") },
      { path: "/patternProperties/^(?<=x)y$", message: expect.stringContaining("is not supported: patterns are matched with RE2") },
    ]);
    expect(() => validateAgainstSchema(schema, {})).toThrow(/invalid pattern/);
  });

  it("compiles each schema on its own: two schemas with one $id do not collide or see each other", () => {
    const first = { $id: "https://example.test/s", type: "object", required: ["a"] };
    const second = { $id: "https://example.test/s", type: "object", required: ["b"] };
    expect(validateAgainstSchema(first, { b: 1 })).toEqual([{ path: "/a", message: "must have required property 'a'" }]);
    expect(validateAgainstSchema(second, { a: 1 })).toEqual([{ path: "/b", message: "must have required property 'b'" }]);
    expect(checkJsonSchema({ $ref: "https://example.test/s" })).not.toEqual([]);
  });

  it("formats run without backtracking: url (WHATWG parser), email and uri-reference (RE2)", () => {
    const url = { type: "string", format: "url" };
    expect(validateAgainstSchema(url, "https://example.com/a?b=c")).toEqual([]);
    expect(validateAgainstSchema(url, "mailto:x@example.com")).not.toEqual([]);
    expect(validateAgainstSchema(url, `http://${":".repeat(100_000)}!`)).not.toEqual([]);
    expect(validateAgainstSchema({ type: "string", format: "email" }, "someone@example.com")).toEqual([]);
    expect(validateAgainstSchema({ type: "string", format: "email" }, `x@${"1.".repeat(50_000)}`)).not.toEqual([]);
    expect(validateAgainstSchema({ type: "string", format: "uri-reference" }, `http://${"a@".repeat(50_000)}!`)).toBeInstanceOf(Array);
    expect(validateAgainstSchema({ type: "string", format: "uri-reference" }, "a b")).not.toEqual([]);
    expect(validateAgainstSchema({ type: "string", format: "date" }, "2026-02-30")).not.toEqual([]);
  });

  it("fills defaults and keeps working past the cache limit (evicted validators free their RE2 memory)", { timeout: 60_000 }, () => {
    for (let i = 0; i < 520; i++) {
      const value: Record<string, unknown> = {};
      expect(validateAgainstSchema({ type: "object", properties: { n: { type: "string", pattern: `^x${i}$`, default: `x${i}` } } }, value)).toEqual([]);
      expect(value).toEqual({ n: `x${i}` });
    }
  });
});
