import { describe, expect, test } from "vitest";

import { toSearchNeedle, toSearchText } from "./search-text";

describe("search text", () => {
  test.each([
    ["Semantic", "semantic search", true],
    ["100%", "uptime 100% sure", true],
    ["100%", "uptime 100 sure", false],
    ["%", "no percent here", false],
    ["_", "no underscore here", false],
    ["a_b", "axb", false],
    ["a_b", "name a_b", true],
    ["\\", "back\\slash", true],
    ["\\", "no backslash", false],
  ])("%j in %j → %s", (search, text, found) => {
    const needle = toSearchNeedle(search);
    expect(needle).not.toMatch(/[%_\\]/);
    expect(toSearchText([text]).includes(needle)).toBe(found);
  });
});
