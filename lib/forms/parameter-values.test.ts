import { describe, expect, test } from "vitest";

import { defaultsOf, getAtPath, setAtPath } from "./parameter-values";

describe("defaultsOf", () => {
  test("collects defaults, nested objects included, and skips properties without one", () => {
    const schema = {
      properties: {
        mode: { type: "string", default: "fast" },
        namespace: { type: "string" },
        limits: { type: "object", properties: { max: { type: "integer", default: 10 } } },
      },
    };
    expect(defaultsOf(schema)).toEqual({ mode: "fast", limits: { max: 10 } });
  });
});

describe("setAtPath", () => {
  test.each([
    { proves: "sets a top-level key", values: {}, path: ["a"], value: 1, expected: { a: 1 } },
    { proves: "sets a nested key, creating the object", values: {}, path: ["a", "b"], value: "x", expected: { a: { b: "x" } } },
    { proves: "undefined removes the key", values: { a: 1, b: 2 }, path: ["a"], value: undefined, expected: { b: 2 } },
    { proves: "an emptied nested object disappears", values: { a: { b: 1 } }, path: ["a", "b"], value: undefined, expected: {} },
  ])("$proves", ({ values, path, value, expected }) => {
    expect(setAtPath(values, path, value)).toEqual(expected);
  });

  test("getAtPath reads what setAtPath wrote", () => {
    expect(getAtPath(setAtPath({}, ["a", "b"], 3), ["a", "b"])).toBe(3);
  });
});
