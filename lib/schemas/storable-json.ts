import type { FieldError } from "./field-errors";
import { pointerSegment } from "./json-pointer";

/**
 * The first key or string of a parsed JSON value that no definition may hold, as a field error; undefined when there
 * is none. Each was a 500 or a silent loss further in:
 * - a NUL character (U+0000): PostgreSQL text and jsonb cannot hold it;
 * - a lone UTF-16 surrogate (JSON's `"\ud800"` escape without its pair): not text at all — Prisma refuses to write
 *   it, JSON canonicalization (RFC 8785) throws on it, and an HTTP header cannot carry it;
 * - the key `__proto__`: an object built from the input by assignment (zod's records, merges) takes it as its
 *   prototype rather than as a key, so it was dropped without a word.
 * Iterative, so a deeply nested value cannot overflow the stack.
 */
export function unstorablePlaceIn(value: unknown): FieldError | undefined {
  const pending: [unknown, string][] = [[value, ""]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === "string") {
      const problem = textProblemOf(item);
      if (problem) return { path, message: problem };
      continue;
    }
    if (item === null || typeof item !== "object") continue;
    const entries: [string, unknown][] = Array.isArray(item) ? item.map((child, index) => [String(index), child]) : Object.entries(item);
    for (const [key, child] of entries) {
      const at = `${path}/${pointerSegment(key)}`;
      if (key === "__proto__") return { path: at, message: "is not accepted as a key: `__proto__` would set an object's prototype" };
      const problem = Array.isArray(item) ? undefined : textProblemOf(key);
      if (problem) return { path: at, message: `has a key that ${problem}` };
      pending.push([child, at]);
    }
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblemOf(text: string): string | undefined {
  if (text.includes("\u0000")) return "contains a NUL character";
  if (LONE_SURROGATE.test(text)) return "contains a lone UTF-16 surrogate (an unpaired \\ud800–\\udfff escape), which is not text";
  return undefined;
}
