import { describe, expect, it } from "vitest";

import type { VariableOutput } from "../schemas/variable";
import { emptyVariableValues, toVariableFormValues, toVariableInput } from "./variable-form-values";

const storedSecret: VariableOutput = {
  name: "TOKEN", secret: true, value: "••••", has_value: true, environments: { production: "••••" },
  scope: { hosts: ["*.example.com"] }, created_at: "2025-01-01T00:00:00.000Z", modified_at: "2025-01-01T00:00:00.000Z", revision: 3,
};

describe("toVariableFormValues", () => {
  it("keeps a secret's masked values out of the form: its inputs start empty", () => {
    const values = toVariableFormValues(storedSecret);
    expect(values.value).toBe("");
    expect(values.environments).toEqual([{ name: "production", value: "", isStored: true }]);
  });
});

describe("toVariableInput", () => {
  it.each([
    ["a plain variable without values", { ...emptyVariableValues(), name: "A" }, undefined, { name: "A", secret: false }],
    ["a default and an override, scope and description trimmed in", {
      ...emptyVariableValues(), name: " A ", description: " d ", value: "x", environments: [{ name: "production", value: "y", isStored: false }], servers: ["s"], hosts: [],
    }, undefined, { name: "A", description: "d", secret: false, value: "x", environments: { production: "y" }, scope: { servers: ["s"] } }],
    ["a stored secret left untouched: •••• keeps each stored value", toVariableFormValues(storedSecret), storedSecret,
      { name: "TOKEN", secret: true, value: "••••", environments: { production: "••••" }, scope: { hosts: ["*.example.com"] } }],
    ["a stored secret given a new default and a new environment", {
      ...toVariableFormValues(storedSecret), value: "new", environments: [{ name: "production", value: "", isStored: true }, { name: "staging", value: "s", isStored: false }],
    }, storedSecret, { name: "TOKEN", secret: true, value: "new", environments: { production: "••••", staging: "s" }, scope: { hosts: ["*.example.com"] } }],
    ["a secret turned plain never sends the mask", { ...toVariableFormValues(storedSecret), secret: false }, storedSecret,
      { name: "TOKEN", secret: false, environments: { production: "" }, scope: { hosts: ["*.example.com"] } }],
  ])("%s", (_label, values, original, expected) => {
    expect(toVariableInput(values, original)).toEqual(expected);
  });
});
