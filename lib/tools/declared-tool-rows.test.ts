import { describe, expect, test } from "vitest";

import { declaredCatalogRows, declaredToolDefinition, DECLARED_ENVIRONMENT } from "./declared-tool-rows";

describe("declaredToolDefinition — the fingerprinted object of a declared tool", () => {
  test.each([
    ["no input schema: an empty object schema", { name: "a" }, { name: "a", input_schema: { type: "object" } }],
    ["description and output schema kept, in field order", { output_schema: { type: "object" }, description: "D", name: "b" },
      { name: "b", description: "D", input_schema: { type: "object" }, output_schema: { type: "object" } }],
    ["original_name is the upstream's name, not part of the tool", { name: "c", original_name: "upstream_c", input_schema: { type: "object", required: ["x"] } },
      { name: "c", input_schema: { type: "object", required: ["x"] } }],
  ])("%s", (_, tool, expected) => {
    const definition = declaredToolDefinition(tool);
    expect(definition).toEqual(expected);
    expect(Object.keys(definition)).toEqual(Object.keys(expected));
  });
});

describe("declaredCatalogRows", () => {
  const now = new Date("2026-11-22T00:00:00.000Z");

  test("one row per name (the last declaration wins), environment \"\", search text lowercased with LIKE's wildcards neutralized", () => {
    const rows = declaredCatalogRows(7, [{ name: "Dup", description: "first" }, { name: "Other_Tool", description: "100% ÄPFEL" }, { name: "Dup", description: "second" }], now);
    expect(rows.map((row) => [row.serverId, row.environment, row.name, JSON.parse(row.definition).description, row.hints])).toEqual([
      [7, DECLARED_ENVIRONMENT, "Dup", "second", ""], [7, DECLARED_ENVIRONMENT, "Other_Tool", "100% ÄPFEL", ""],
    ]);
    expect(rows[1].searchText).toBe("other\uE001tool\n\n100\uE000 äpfel");
    expect(rows.every((row) => row.firstSeenAt === now && row.lastSeenAt === now)).toBe(true);
  });

  test("no tools, no rows", () => {
    expect(declaredCatalogRows(1, undefined, now)).toEqual([]);
    expect(declaredCatalogRows(1, [], now)).toEqual([]);
  });
});
