import type { ErrorObject } from "ajv";

import type { FieldError } from "./field-errors";
import { pointerSegment } from "./json-pointer";
import { LinearRegExp } from "./linear-regexp";
import { describeSchemaProblems, schemaSentence } from "./schema-problems";
import { validateDraft07, validateDraft2020 } from "./meta-schema-validators.generated";

type MetaValidator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Is `schema` a JSON Schema? Checked against Ajv's draft 2020-12 (or, by `$schema`, draft-07) meta-schema,
 * precompiled at build time, and every `pattern` against RE2 (the browser's RegExp there). It generates no
 * code, so it runs in the browser under a CSP without 'unsafe-eval'. The server adds the one thing this
 * cannot do — compile the schema ($refs resolved) — in json-schema.ts, and decides.
 */
export function checkJsonSchemaShape(schema: Record<string, unknown>): FieldError[] {
  const validate = metaValidatorFor(schema);
  if (validate && !validate(schema)) return describeSchemaProblems(validate.errors ?? []);
  return findUnusablePatterns(schema, "");
}

/** draft-04/06 have no bundled meta-schema (Ajv skips them too); the server's compile still checks them. */
function metaValidatorFor(schema: Record<string, unknown>): MetaValidator | undefined {
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  if (/draft-0[46]/.test(dialect)) return undefined;
  return (/draft-07/.test(dialect) ? validateDraft07 : validateDraft2020) as MetaValidator;
}

export function toFieldErrors(errors: ErrorObject[], prefix: string): FieldError[] {
  return errors.map((error) => {
    const missing = error.keyword === "required" ? `/${String(error.params.missingProperty)}` : "";
    const extra = error.keyword === "additionalProperties" ? `/${String(error.params.additionalProperty)}` : "";
    return { path: `${prefix}${error.instancePath}${missing}${extra}`, message: error.message ?? "is invalid" };
  });
}

/** Keywords whose values are data, not schemas: a `pattern` key inside them is not a pattern. */
const DATA_KEYWORDS = new Set(["const", "default", "enum", "examples"]);

/** Every `pattern` and `patternProperties` key RE2 cannot compile, by its path in the schema. */
export function findUnusablePatterns(node: unknown, path: string): FieldError[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => findUnusablePatterns(item, `${path}/${index}`));
  if (node === null || typeof node !== "object") return [];

  return Object.entries(node).flatMap(([key, value]) => {
    const here = `${path}/${pointerSegment(key)}`;
    if (DATA_KEYWORDS.has(key)) return [];
    if (key === "pattern" && typeof value === "string") return checkPattern(value, here);
    const own = key === "patternProperties" && value !== null && typeof value === "object"
      ? Object.keys(value).flatMap((pattern) => checkPattern(pattern, `${here}/${pointerSegment(pattern)}`))
      : [];
    return [...own, ...findUnusablePatterns(value, here)];
  });
}

function checkPattern(pattern: string, path: string): FieldError[] {
  try {
    new LinearRegExp(pattern).release();
    return [];
  } catch (error) {
    const detail = (error as Error).message;
    return [{ path, message: schemaSentence(path, `is not supported: patterns are matched with RE2, which has no lookaround or backreferences (${detail})`) }];
  }
}
