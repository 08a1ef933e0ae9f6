import { isPlainObject } from "./server-fields";

/**
 * zod returns objects in schema order; definitions are stored as entered (DESIGN §1), so this puts the
 * parsed value's keys back in the order of the input they came from, at every depth.
 */
export function preserveKeyOrder<T>(parsed: T, input: unknown): T {
  if (Array.isArray(parsed) && Array.isArray(input)) {
    return parsed.map((item, index) => preserveKeyOrder(item, input[index])) as T;
  }
  if (!isPlainObject(parsed) || !isPlainObject(input)) return parsed;

  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (key in parsed) ordered[key] = preserveKeyOrder(parsed[key], input[key]);
  }
  for (const key of Object.keys(parsed)) {
    if (!(key in ordered)) ordered[key] = parsed[key];
  }
  return ordered as T;
}
