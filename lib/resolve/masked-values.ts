import type { FieldError } from "../errors";
import { pointerSegment } from "../schemas/json-pointer";
import { isPlainObject } from "../schemas/server-fields";
import { MASK } from "./types";
import { keepMaskedUrlSecrets } from "./url-secrets";

/**
 * A masked value sent back on update means "unchanged" (DESIGN §7): every string that contains `••••` is
 * replaced by the stored value at the same path — in a URL, each masked secret by the stored URL's at the same
 * place (url-secrets.ts). One with nothing stored there is an error.
 */
export function keepMaskedValues(input: unknown, stored: unknown, path = ""): { value: unknown; errors: FieldError[] } {
  if (typeof input === "string") {
    if (!input.includes(MASK)) return { value: input, errors: [] };
    // A URL's masked password or query value takes the stored one at the same place; the rest is as sent.
    const kept = keepMaskedUrlSecrets(input, stored);
    if (kept === null) return { value: input, errors: [{ path, message: "is masked (••••) where the stored URL holds no secret to keep" }] };
    if (kept !== undefined) return { value: kept, errors: [] };
    if (typeof stored === "string") return { value: stored, errors: [] };
    return { value: input, errors: [{ path, message: "is masked (••••) but nothing is stored here to keep" }] };
  }
  if (Array.isArray(input)) {
    const results = input.map((item, index) => keepMaskedValues(item, Array.isArray(stored) ? stored[index] : undefined, `${path}/${index}`));
    return { value: results.map((result) => result.value), errors: results.flatMap((result) => result.errors) };
  }
  if (isPlainObject(input)) {
    const entries = Object.entries(input).map(([key, value]) => [key, keepMaskedValues(value, isPlainObject(stored) ? stored[key] : undefined, `${path}/${pointerSegment(key)}`)] as const);
    return { value: Object.fromEntries(entries.map(([key, result]) => [key, result.value])), errors: entries.flatMap(([, result]) => result.errors) };
  }
  return { value: input, errors: [] };
}
