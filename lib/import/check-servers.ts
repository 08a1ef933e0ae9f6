import type { FieldError } from "../errors";
import { zodFieldErrors } from "../schemas/field-errors";
import { preserveKeyOrder } from "../schemas/key-order";
import { serverInputSchema, type ServerInput } from "../schemas/server";

/** A converted entry that passed the input schema; `index` is its place in the converted list. */
export type CheckedServer = { index: number; server: ServerInput };

/**
 * Every converted entry through `serverInputSchema`, kept as entered (key order included). An invalid entry
 * gives errors at `/servers/<index>/<field>` whose message starts with the entry's name, so a person can find it.
 */
export function checkServers(entries: unknown[]): { valid: CheckedServer[]; errors: FieldError[] } {
  const valid: CheckedServer[] = [];
  const errors: FieldError[] = [];

  entries.forEach((entry, index) => {
    const result = serverInputSchema.safeParse(entry);
    if (result.success) {
      valid.push({ index, server: preserveKeyOrder(result.data, entry) });
      return;
    }
    const label = entryLabel(entry, index);
    for (const error of zodFieldErrors(result.error)) {
      errors.push({ path: `/servers/${index}${error.path}`, message: `${label}: ${error.message}` });
    }
  });
  return { valid, errors };
}

function entryLabel(entry: unknown, index: number): string {
  const name = (entry as { name?: unknown } | null)?.name;
  return typeof name === "string" && name !== "" ? `'${name}'` : `entry ${index}`;
}
