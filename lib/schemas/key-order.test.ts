import { describe, expect, test } from "vitest";

import { preserveKeyOrder } from "./key-order";

describe("preserveKeyOrder", () => {
  test.each([
    ["top-level order follows the input", { a: 1, b: 2 }, { b: 2, a: 1 }, ["b", "a"]],
    ["keys the parse dropped stay dropped", { a: 1 }, { b: 2, a: 1 }, ["a"]],
    ["keys the parse added come last", { a: 1, added: true }, { a: 1 }, ["a", "added"]],
  ])("%s", (_label, parsed, input, keys) => {
    expect(Object.keys(preserveKeyOrder(parsed, input))).toEqual(keys);
  });

  test("nested objects and objects inside arrays keep their input order, values stay parsed", () => {
    const parsed = { list: [{ x: 1, y: "trimmed" }], inner: { p: 1, q: 2 } };
    const input = { inner: { q: 2, p: 1 }, list: [{ y: " trimmed ", x: 1 }] };

    const result = preserveKeyOrder(parsed, input);
    expect(JSON.stringify(result)).toBe('{"inner":{"q":2,"p":1},"list":[{"y":"trimmed","x":1}]}');
  });
});
