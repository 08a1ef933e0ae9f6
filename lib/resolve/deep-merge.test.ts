import { describe, expect, test } from "vitest";

import { deepMerge } from "./deep-merge";

describe("deepMerge", () => {
  test.each([
    {
      proves: "nested headers merge key by key, the override winning on a shared key",
      base: { url: "http://a/", headers: { Authorization: "Bearer x", "X-A": "1" } },
      override: { headers: { "X-A": "2", "X-B": "3" } },
      expected: { url: "http://a/", headers: { Authorization: "Bearer x", "X-A": "2", "X-B": "3" } },
    },
    {
      proves: "arrays replace instead of concatenating",
      base: { command: "npx", args: ["-y", "server", "--verbose"] },
      override: { args: ["--quiet"] },
      expected: { command: "npx", args: ["--quiet"] },
    },
    {
      proves: "scalars replace",
      base: { url: "${CONTEXT_STORE_URL}/mcp/" },
      override: { url: "http://localhost:8766/mcp/" },
      expected: { url: "http://localhost:8766/mcp/" },
    },
    {
      proves: "an object replaces a scalar and a scalar replaces an object",
      base: { a: "text", b: { c: 1 } },
      override: { a: { d: 2 }, b: "text" },
      expected: { a: { d: 2 }, b: "text" },
    },
    {
      proves: "an undefined override value means not given",
      base: { url: "http://a/" },
      override: { url: undefined },
      expected: { url: "http://a/" },
    },
    {
      proves: "keys only the override has are added after the base's",
      base: { type: "stdio", command: "node" },
      override: { env: { DEBUG: "1" } },
      expected: { type: "stdio", command: "node", env: { DEBUG: "1" } },
    },
  ])("$proves", ({ base, override, expected }) => {
    const merged = deepMerge(base, override);

    expect(merged).toEqual(expected);
    expect(Object.keys(merged)).toEqual(Object.keys(expected));
  });

  test("never mutates its inputs, nor shares nested values with the result", () => {
    const base = { headers: { A: "1" }, args: ["x"] };
    const override = { headers: { B: "2" }, env: { C: "3" } };
    const before = structuredClone({ base, override });

    const merged = deepMerge(base, override) as { headers: Record<string, string>; args: string[]; env: Record<string, string> };
    merged.headers.A = "changed";
    merged.args.push("y");
    merged.env.C = "changed";

    expect({ base, override }).toEqual(before);
  });

  test("a __proto__ key from parsed JSON stays an own key and pollutes no prototype", () => {
    const merged = deepMerge({}, JSON.parse('{"__proto__": {"polluted": true}}'));

    expect(Object.hasOwn(merged, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
