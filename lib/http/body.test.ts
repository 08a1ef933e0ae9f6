import { describe, expect, test } from "vitest";

import { depthOf, hasNul, MAX_JSON_DEPTH } from "./body";

describe("depthOf", () => {
  test.each([
    { value: 1, depth: 0 },
    { value: {}, depth: 1 },
    { value: { a: [1, { b: null }] }, depth: 3 },
    { value: [[], [[]]], depth: 3 },
  ])("$value nests $depth levels", ({ value, depth }) => {
    expect(depthOf(value)).toBe(depth);
  });

  test("a body nested far past the limit is measured without overflowing the stack", () => {
    const deep = JSON.parse("[".repeat(200_000) + "]".repeat(200_000));
    expect(depthOf(deep)).toBeGreaterThan(MAX_JSON_DEPTH);
  });
});

describe("hasNul", () => {
  test.each([
    { text: '{"a":"x"}', found: false },
    { text: '{"a":"\\u0000"}', found: true },
    { text: '{"a":"\\U0000"}', found: true },
    { text: "a\u0000b", found: true },
    { text: '{"a":"\\u00001"}', found: true },
  ])("$text → $found", ({ text, found }) => {
    expect(hasNul(text)).toBe(found);
  });
});
