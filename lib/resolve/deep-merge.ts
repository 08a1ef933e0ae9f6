import { isPlainObject } from "../schemas/server-fields";
import { cloneJson } from "./clone-json";

/**
 * `override` over `base`: plain objects merge key by key, arrays and scalars replace, an `undefined` in
 * `override` means "not given". Returns a new value sharing nothing with either input, so neither is mutated
 * later through the result. Keys keep their order: `base`'s first, then the ones only `override` has.
 */
export function deepMerge(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  // A Map plus Object.fromEntries defines own properties, so a `__proto__` key can not reach a prototype.
  const merged = new Map(Object.entries(base).map(([key, value]) => [key, cloneJson(value)]));
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;

    const current = merged.get(key);
    merged.set(key, isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : cloneJson(value));
  }
  return Object.fromEntries(merged);
}
