import { describe, expect, it } from "vitest";

import { checkJsonSchemaShape } from "./json-schema-shape";

describe("a refused JSON Schema reads as one sentence per place", () => {
  it.each([
    [{ type: "strin" }, "/type", '"type" must be one of: "array", "boolean", "integer", "null", "number", "object", "string".'],
    [{ properties: { limit: { type: "integer", maximum: "50" } } }, "/properties/limit/maximum", '"maximum" in /properties/limit must be a number.'],
    [{ required: "name" }, "/required", '"required" must be an array.'],
    [{ properties: { a: { minLength: -1 } } }, "/properties/a/minLength", '"minLength" in /properties/a must be at least 0.'],
    [{ type: "object", properties: [] }, "/properties", '"properties" must be an object.'],
    [{ additionalProperties: 3 }, "/additionalProperties", '"additionalProperties" must be an object or a boolean.'],
    [{ required: ["a", "a"] }, "/required", '"required" must not repeat an item (items 0 and 1 are equal).'],
    [{ properties: { "a/b": { minimum: "x" } } }, "/properties/a~1b/minimum", '"minimum" in /properties/a~1b must be a number.'],
    [{ properties: { name: { type: "string", pattern: "^(?=a)" } } }, "/properties/name/pattern",
      expect.stringMatching(/^"pattern" in \/properties\/name is not supported: patterns are matched with RE2, which has no lookaround or backreferences \(.+\)\.$/)],
  ])("%j", (schema, path, message) => {
    expect(checkJsonSchemaShape(schema as Record<string, unknown>)).toEqual([{ path, message }]);
  });
});
