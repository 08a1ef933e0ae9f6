import { describe, expect, it } from "vitest";

import { missingRequired } from "./missing-required";

const schema = {
  type: "object",
  required: ["message", "options"],
  properties: {
    message: { type: "string" },
    count: { type: "integer" },
    options: { type: "object", required: ["mode"], properties: { mode: { enum: ["a", "b"] }, "a/b": { type: "string" } } },
    extra: { type: "object", required: ["key"], properties: { key: { type: "string" } } },
  },
};

describe("missingRequired", () => {
  it.each([
    ["nothing given: the required fields and the required object's own", {}, { "/message": "is required", "/options": "is required" }],
    ["a required object given without its required key", { message: "hi", options: {} }, { "/options/mode": "is required" }],
    ["an optional object given without its required key", { message: "hi", options: { mode: "a" }, extra: {} }, { "/extra/key": "is required" }],
    ["everything required given", { message: "", options: { mode: "a" } }, {}],
    ["false and 0 are values", { message: "x", count: 0, options: { mode: false } }, {}],
  ])("%s", (_name, values, expected) => {
    expect(missingRequired(schema, values as Record<string, unknown>)).toEqual(expected);
  });

  it("escapes / and ~ in pointers (RFC 6901)", () => {
    expect(missingRequired({ required: ["a/b", "c~d"], properties: { "a/b": {}, "c~d": {} } }, {})).toEqual({ "/a~1b": "is required", "/c~0d": "is required" });
  });
});
