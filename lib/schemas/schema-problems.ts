import type { ErrorObject } from "ajv";

import type { FieldError } from "./field-errors";

/**
 * What a JSON Schema's author reads when the meta-schema refuses it: one sentence per place, naming the keyword
 * and where it sits, e.g. `"maximum" in /properties/limit must be a number.` Ajv reports one failure several
 * ways (`type` refused by its enum, by `array`, and by the `anyOf` around both); the most telling one is kept.
 */
export function describeSchemaProblems(errors: readonly ErrorObject[]): FieldError[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const path = pathOf(error);
    byPath.set(path, [...(byPath.get(path) ?? []), error]);
  }
  return [...byPath].map(([path, found]) => ({ path, message: sentence(path, mostTelling(found)) }));
}

/** Where the problem is: a missing or unexpected property is named in the path. */
function pathOf(error: ErrorObject): string {
  if (error.keyword === "required") return `${error.instancePath}/${String(error.params.missingProperty)}`;
  if (error.keyword === "additionalProperties") return `${error.instancePath}/${String(error.params.additionalProperty)}`;
  return error.instancePath;
}

/** Combinators only say "one of these failed": any concrete keyword says more. */
const VAGUE = new Set(["anyOf", "oneOf", "if", "not"]);
const RANK = ["enum", "const", "required", "additionalProperties", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "minLength", "uniqueItems", "format", "type"];

function mostTelling(errors: ErrorObject[]): ErrorObject {
  const concrete = errors.filter((error) => !VAGUE.has(error.keyword));
  const pool = concrete.length > 0 ? concrete : errors;
  const rank = (error: ErrorObject) => { const index = RANK.indexOf(error.keyword); return index === -1 ? RANK.length : index; };
  return [...pool].sort((left, right) => rank(left) - rank(right))[0];
}

function sentence(path: string, error: ErrorObject): string {
  return schemaSentence(path, predicate(error));
}

/** `"<keyword>" in <parent path> <predicate>.` — the one shape of every schema problem shown to its author. */
export function schemaSentence(path: string, predicate: string): string {
  return `${subject(path)} ${predicate}.`;
}

function subject(path: string): string {
  if (path === "") return "The schema";
  const segments = path.split("/");
  const key = unescapePointer(segments.pop()!);
  const parent = segments.join("/");
  return parent ? `"${key}" in ${parent}` : `"${key}"`;
}

function predicate(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "enum": return `must be one of: ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(", ")}`;
    case "const": return `must be ${JSON.stringify(params.allowedValue)}`;
    case "type": return `must be ${listOf(String(params.type).split(",").map(article))}`;
    case "required": return "is required here";
    case "additionalProperties": return "is not allowed here";
    case "minimum": case "exclusiveMinimum": case "maximum": case "exclusiveMaximum":
      return `must be ${BOUND_WORDS[error.keyword]} ${String(params.limit)}`;
    case "minItems": return `needs at least ${String(params.limit)} ${Number(params.limit) === 1 ? "item" : "items"}`;
    case "uniqueItems": {
      const [first, second] = [Number(params.i), Number(params.j)].sort((left, right) => left - right);
      return `must not repeat an item (items ${first} and ${second} are equal)`;
    }
    case "format": return `must be a valid ${String(params.format)}`;
    default: return error.message ?? "is not valid";
  }
}

const BOUND_WORDS: Record<string, string> = { minimum: "at least", exclusiveMinimum: "more than", maximum: "at most", exclusiveMaximum: "less than" };

function article(type: string): string {
  if (type === "null") return "null";
  if (type === "array" || type === "object" || type === "integer") return `an ${type}`;
  return `a ${type}`;
}

function listOf(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
