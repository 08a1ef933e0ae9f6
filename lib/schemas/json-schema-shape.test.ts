import fs from "node:fs";

import { describe, expect, it } from "vitest";

import { checkJsonSchema } from "./json-schema";
import { checkJsonSchemaShape } from "./json-schema-shape";
import { META_VALIDATORS_FILE, metaValidatorsSource } from "./meta-validators-source";

/** Schemas both checks must judge alike: the browser's (precompiled, no eval) and the server's (Ajv). */
const SCHEMAS: [string, Record<string, unknown>][] = [
  ["an object schema", { type: "object", required: ["region"], properties: { region: { type: "string", enum: ["eu", "us"] } } }],
  ["a type that is not a type", { type: 5 }],
  ["a negative minLength", { properties: { a: { minLength: -1 } } }],
  ["required that is not an array", { required: "a" }],
  ["draft-07 with definitions", { $schema: "http://json-schema.org/draft-07/schema#", definitions: { a: { type: "string" } }, items: [{ type: "string" }] }],
  ["draft-07 with a bad type", { $schema: "http://json-schema.org/draft-07/schema#", type: "text" }],
  ["2020-12 prefixItems and $defs", { $defs: { a: { type: "integer", minimum: 0 } }, prefixItems: [{ $ref: "#/$defs/a" }] }],
  ["a lookahead pattern", { type: "string", pattern: "^(?=a)a$" }],
];

describe("checkJsonSchemaShape — the browser's JSON Schema check", () => {
  it.each(SCHEMAS)("agrees with the server's Ajv check: %s", (_, schema) => {
    expect(checkJsonSchemaShape(schema)).toEqual(checkJsonSchema(schema));
  });

  it("says what is wrong in one sentence per place", () => {
    expect(checkJsonSchemaShape({ type: 5 })).toEqual([
      { path: "/type", message: '"type" must be one of: "array", "boolean", "integer", "null", "number", "object", "string".' },
    ]);
  });

  it("the precompiled validators are current with the installed Ajv (regenerate with lib/cli/generate-meta-validators.ts)", () => {
    expect(fs.readFileSync(META_VALIDATORS_FILE, "utf8")).toBe(metaValidatorsSource());
  });

  it("contains no code generation (it must run under a CSP without 'unsafe-eval')", () => {
    expect(fs.readFileSync(META_VALIDATORS_FILE, "utf8")).not.toMatch(/new Function|\beval\(/);
  });
});
