import { describe, expect, it } from "vitest";

import { addParameter, editParameter, parameterRows, readSchema, removeParameter } from "./parameter-builder";

const parse = (text: string) => JSON.parse(text) as Record<string, unknown>;

describe("parameter builder", () => {
  it("adds a required string parameter to an empty schema, and to one that has others", () => {
    expect(parse(addParameter("", "project_id"))).toEqual({ type: "object", properties: { project_id: { type: "string" } }, required: ["project_id"] });
    const two = addParameter(addParameter("", "a"), "b", { required: false });
    expect(parse(two)).toEqual({ type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a"] });
    expect(addParameter(two, "a")).toBe(two);
  });

  it("reads rows from the schema, enums and integers included", () => {
    const schema = { type: "object", required: ["mode"], properties: { mode: { enum: ["fast", "exact"], description: "How" }, limit: { type: "integer" }, any: {} } };
    expect(parameterRows(schema)).toEqual([
      { name: "mode", type: "enum", required: true, description: "How", values: ["fast", "exact"] },
      { name: "limit", type: "number", required: false, description: "", values: [] },
      { name: "any", type: "other", required: false, description: "", values: [] },
    ]);
  });

  it("edits type, values, description and required, keeping keywords it has no input for", () => {
    const text = JSON.stringify({ $schema: "x", type: "object", properties: { region: { type: "string", default: "eu", minLength: 2 } } });
    const enumed = editParameter(text, "region", { type: "enum", values: ["eu", "us"], required: true, description: "Where" });
    expect(parse(enumed)).toEqual({ $schema: "x", type: "object", properties: { region: { default: "eu", minLength: 2, enum: ["eu", "us"], description: "Where" } }, required: ["region"] });
    const back = editParameter(enumed, "region", { type: "boolean", description: "", required: false });
    expect(parse(back)).toEqual({ $schema: "x", type: "object", properties: { region: { type: "boolean", default: "eu", minLength: 2 } }, required: [] });
  });

  it("removes a parameter and its required entry; leaves text that is not a JSON object alone", () => {
    const text = addParameter(addParameter("", "a"), "b");
    expect(parse(removeParameter(text, "a"))).toEqual({ type: "object", properties: { b: { type: "string" } }, required: ["b"] });
    expect(readSchema("{ nope")).toBeNull();
    expect(removeParameter("{ nope", "a")).toBe("{ nope");
  });
});
