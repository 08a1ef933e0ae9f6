import { describe, expect, test } from "vitest";

import { describeType, listSchemaProperties } from "./schema-properties";

describe("listSchemaProperties", () => {
  test("lists each property with its type, required flag, default, description and enum", () => {
    const rows = listSchemaProperties({
      type: "object",
      required: ["namespace"],
      properties: {
        namespace: { type: "string", description: "Document namespace" },
        mode: { type: "string", enum: ["fast", "exact"], default: "fast" },
      },
    });
    expect(rows).toEqual([
      { path: "namespace", depth: 0, type: "string", isRequired: true, description: "Document namespace" },
      { path: "mode", depth: 0, type: "string", isRequired: false, defaultValue: "fast", enumValues: ["fast", "exact"] },
    ]);
  });

  test("nested objects follow their parent with dotted paths", () => {
    const rows = listSchemaProperties({ properties: { auth: { type: "object", required: ["token"], properties: { token: { type: "string" } } } } });
    expect(rows.map((row) => [row.path, row.depth, row.isRequired])).toEqual([["auth", 0, false], ["auth.token", 1, true]]);
  });

  test("no schema, no rows", () => {
    expect(listSchemaProperties(undefined)).toEqual([]);
  });
});

describe("describeType", () => {
  test.each([
    [{ type: "array", items: { type: "integer" } }, "array of integer"],
    [{ type: ["string", "null"] }, "string | null"],
    [{ enum: [1, 2] }, "enum"],
    [{ anyOf: [] }, "anyOf"],
    [{}, "any"],
  ])("%j reads as %s", (schema, expected) => {
    expect(describeType(schema)).toBe(expected);
  });
});
