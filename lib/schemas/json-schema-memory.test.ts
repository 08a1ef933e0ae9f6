import { describe, expect, test } from "vitest";

import { checkJsonSchema, validateAgainstSchema } from "./json-schema";

/**
 * RE2's WASM heap is fixed and freed only by hand: checking and compiling many distinct schemas — far more
 * than the validator cache holds — must keep working, never refusing a simple pattern for lack of memory.
 */
describe("JSON Schemas at volume", () => {
  test("20,000 distinct schemas with patterns are checked and 2,000 compiled; the last still validates", () => {
    for (let index = 0; index < 20_000; index++) {
      expect(checkJsonSchema({ type: "object", properties: { [`p${index}`]: { type: "string", pattern: `^[a-z]{${index % 50}}$` } } })).toEqual([]);
    }
    for (let index = 0; index < 2_000; index++) {
      const schema = { type: "object", properties: { name: { type: "string", pattern: `^n${index}-[0-9]+$`, format: "hostname" } } };
      expect(validateAgainstSchema(schema, { name: `n${index}-42` })).toEqual([]);
    }
    expect(validateAgainstSchema({ type: "string", pattern: "^[^#]*#?$" }, "a#b")).toEqual([{ path: "", message: 'must match pattern "^[^#]*#?$"' }]);
  }, 600_000);
});
