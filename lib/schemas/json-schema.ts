import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

import type { FieldError } from "../errors";

/**
 * JSON Schema through Ajv: draft 2020-12 by default, draft-07 when the schema says so in `$schema`.
 * `useDefaults` fills `default`s into the validated object; compiled validators are cached by schema text.
 */
const options = { allErrors: true, strict: false, useDefaults: true, validateFormats: true } as const;
const draft2020 = addFormats(new Ajv2020(options));
const draft07 = addFormats(new Ajv(options));
const cache = new Map<string, ValidateFunction>();
/** Schema objects reused across calls (cached definitions) skip even the stringify of the text key. */
const byIdentity = new WeakMap<object, ValidateFunction>();
const CACHE_LIMIT = 5_000;

function ajvFor(schema: Record<string, unknown>) {
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  return /draft-0[4-7]/.test(dialect) ? draft07 : draft2020;
}

/** Problems that make `schema` unusable as a JSON Schema; empty when it is fine. */
export function checkJsonSchema(schema: Record<string, unknown>): FieldError[] {
  const ajv = ajvFor(schema);
  if (!ajv.validateSchema(schema)) return toFieldErrors(ajv.errors ?? [], "");
  try {
    compileJsonSchema(schema);
    return [];
  } catch (error) {
    return [{ path: "", message: (error as Error).message }];
  }
}

export function compileJsonSchema(schema: Record<string, unknown>): ValidateFunction {
  const known = byIdentity.get(schema);
  if (known) return known;

  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (!validate) {
    validate = ajvFor(schema).compile(schema);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, validate);
  }
  byIdentity.set(schema, validate);
  return validate;
}

/** Validates `value` in place (defaults are filled in) and returns what failed, by JSON path. */
export function validateAgainstSchema(schema: Record<string, unknown>, value: unknown): FieldError[] {
  const validate = compileJsonSchema(schema);
  return validate(value) ? [] : toFieldErrors(validate.errors ?? [], "");
}

export function toFieldErrors(errors: ErrorObject[], prefix: string): FieldError[] {
  return errors.map((error) => {
    const missing = error.keyword === "required" ? `/${String(error.params.missingProperty)}` : "";
    const extra = error.keyword === "additionalProperties" ? `/${String(error.params.additionalProperty)}` : "";
    return { path: `${prefix}${error.instancePath}${missing}${extra}`, message: error.message ?? "is invalid" };
  });
}
