import { describe, expect, test } from "vitest";

import { cloneJson } from "./clone-json";

describe("cloneJson — a deep copy of a JSON value", () => {
  test.each<{ proves: string; value: unknown }>([
    { proves: "scalars", value: "x" },
    { proves: "null", value: null },
    { proves: "nested objects and arrays, key order kept", value: { b: [1, { c: "d" }], a: { z: null, y: true } } },
    { proves: "a __proto__ key stays an own key", value: JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') },
  ])("$proves", ({ value }) => {
    const copy = cloneJson(value);

    expect(copy).toEqual(value);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("shares nothing with the original", () => {
    const value = { a: { b: [1] } };
    const copy = cloneJson(value);

    copy.a.b.push(2);

    expect(value.a.b).toEqual([1]);
  });
});
