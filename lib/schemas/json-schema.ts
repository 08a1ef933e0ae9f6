import Ajv, { type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";

import type { FieldError } from "./field-errors";
import { findUnusablePatterns, toFieldErrors } from "./json-schema-shape";
import { LinearRegExp } from "./linear-regexp";
import { addLinearFormats } from "./safe-formats";
import { describeSchemaProblems } from "./schema-problems";

/**
 * JSON Schema through Ajv for untrusted schemas (a server's `parameters_schema`, remote tools' schemas; DESIGN
 * §7): draft 2020-12 by default, draft-07 when `$schema` says so. Each schema gets its own Ajv instance — no
 * `$id` registry shared across schemas — and `pattern`/`patternProperties` run on RE2 (`LinearRegExp`), which
 * cannot backtrack. `useDefaults` fills `default`s into the validated object. Compiled validators are kept in
 * an LRU of CACHE_LIMIT keyed by the schema's canonical text (sorted keys); an evicted one frees its RE2 memory.
 */
const options = { allErrors: true, strict: false, useDefaults: true, validateFormats: true, unicodeRegExp: true } as const;
const CACHE_LIMIT = 500;

/**
 * Whether a schema is a JSON Schema is asked of Ajv's own meta-schemas, which are trusted: one shared validator
 * per dialect, on the built-in engine (their patterns are linear), compiled once. Per-schema instances then skip
 * that step, so no RE2 memory is spent on meta-schema patterns, let alone leaked per call.
 */
const metaValidators = { draft07: new Ajv({ strict: false }), draft2020: new Ajv2020({ strict: false }) };

type Compiled = { validate: ValidateFunction; regexps: LinearRegExp[] };
const cache = new Map<string, Compiled>();
/** Schema objects reused across calls (cached definitions) skip even the canonical text. */
const byIdentity = new WeakMap<object, { key: string; validate: ValidateFunction }>();

export { toFieldErrors };

/**
 * Problems that make `schema` unusable as a JSON Schema, by path inside it; empty when it is fine. The server's
 * check (the authority): Ajv's meta-schema with formats, RE2 patterns, then a real compile. Browsers use
 * json-schema-shape.ts, which needs no eval.
 */
export function checkJsonSchema(schema: Record<string, unknown>): FieldError[] {
  const meta = metaValidatorFor(schema);
  if (!meta.validateSchema(schema)) return describeSchemaProblems(meta.errors ?? []);
  const badPatterns = findUnusablePatterns(schema, "");
  if (badPatterns.length > 0) return badPatterns;
  try {
    compileJsonSchema(schema);
    return [];
  } catch (error) {
    return [{ path: "", message: (error as Error).message }];
  }
}

/** Throws when the schema cannot be compiled (including a `pattern` RE2 cannot run). */
export function compileJsonSchema(schema: Record<string, unknown>): ValidateFunction {
  const known = byIdentity.get(schema);
  // Only while still cached: an evicted validator's RE2 memory has been freed.
  if (known && cache.get(known.key)?.validate === known.validate) return known.validate;

  const key = canonicalJson(schema);
  let compiled = cache.get(key);
  if (compiled) {
    cache.delete(key); // re-inserted below: most recently used last
  } else {
    const meta = metaValidatorFor(schema);
    if (!meta.validateSchema(schema)) throw new Error(`schema is invalid: ${meta.errorsText(meta.errors)}`);
    const regexps: LinearRegExp[] = [];
    try {
      compiled = { validate: createAjv(schema, regexps).compile(schema), regexps };
    } catch (error) {
      for (const regexp of regexps) regexp.release();
      throw error;
    }
  }
  cache.set(key, compiled);
  evictOverLimit();
  byIdentity.set(schema, { key, validate: compiled.validate });
  return compiled.validate;
}

/** Validates `value` in place (defaults are filled in) and returns what failed, by JSON path. */
export function validateAgainstSchema(schema: Record<string, unknown>, value: unknown): FieldError[] {
  const validate = compileJsonSchema(schema);
  return validate(value) ? [] : toFieldErrors(validate.errors ?? [], "");
}

function createAjv(schema: Record<string, unknown>, regexps: LinearRegExp[]): Ajv {
  const regExp = Object.assign((pattern: string, flags: string) => {
    const created = new LinearRegExp(pattern, flags);
    regexps.push(created);
    return created;
  }, { code: "LinearRegExp" });
  const settings = { ...options, validateSchema: false, code: { regExp } };
  const ajv = isDraft07(schema) ? new Ajv(settings) : new Ajv2020(settings);
  return addLinearFormats(ajv);
}

function metaValidatorFor(schema: Record<string, unknown>): Ajv {
  return isDraft07(schema) ? metaValidators.draft07 : metaValidators.draft2020;
}

function isDraft07(schema: Record<string, unknown>): boolean {
  return typeof schema.$schema === "string" && /draft-0[4-7]/.test(schema.$schema);
}

function evictOverLimit(): void {
  while (cache.size > CACHE_LIMIT) {
    const [oldestKey, oldest] = cache.entries().next().value!;
    cache.delete(oldestKey);
    for (const regexp of oldest.regexps) regexp.release();
  }
}

/** JSON text with object keys sorted, so key order does not make two equal schemas compile twice. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}
