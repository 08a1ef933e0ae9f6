import { describe, expect, it } from "vitest";

import { eachBounded } from "./each-bounded";

describe("eachBounded", () => {
  it.each([[0, 4], [1, 4], [3, 4], [10, 4], [10, 1]])("%i items, %i at a time: every result in order, never more running at once", async (count, limit) => {
    const items = Array.from({ length: count }, (_, index) => index);
    let running = 0;
    let most = 0;
    const results = await eachBounded(items, limit, async (item) => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      running--;
      return item * 2;
    });
    expect(results).toEqual(items.map((item) => item * 2));
    expect(most).toBeLessThanOrEqual(limit);
    if (count >= limit) expect(most).toBe(limit);
  });
});
