import { describe, expect, test } from "vitest";

import { depthOf, MAX_JSON_DEPTH } from "./body";

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
