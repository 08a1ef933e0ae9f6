const LIMIT = 5_000;
const parsed = new Map<string, unknown>();

/**
 * A stored definition parsed from its JSON text, deep-frozen and remembered by that text: the same text
 * always parses to the same value, so a blueprint reuses what earlier ones parsed — and, through object
 * identity, Ajv's compiled validator for each parameters schema. Frozen, because every caller shares it.
 */
export function parseDefinitionCached<T>(text: string): T {
  const known = parsed.get(text);
  if (known !== undefined) return known as T;

  const value = deepFreeze(JSON.parse(text));
  if (parsed.size >= LIMIT) parsed.delete(parsed.keys().next().value!);
  parsed.set(text, value);
  return value as T;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}
