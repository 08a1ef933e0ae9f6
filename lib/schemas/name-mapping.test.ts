import { describe, expect, test } from "vitest";

import { NAME_PATTERN } from "./common";
import { toEntityName } from "./name-mapping";

describe("toEntityName — any text onto the name pattern", () => {
  test.each([
    ["neo4j", "neo4j"],
    ["Neo4j Graph", "neo4j-graph"],
    ["io.github.User/weather", "io.github.user-weather"],
    ["_private", "private"],
    ["new", "new-server"],
    ["日本", "inline-server"],
    ["---", "inline-server"],
    ["x".repeat(150), "x".repeat(100)],
  ])("%s → %s", (text, name) => {
    expect(toEntityName(text)).toBe(name);
    expect(NAME_PATTERN.test(toEntityName(text))).toBe(true);
  });
});
