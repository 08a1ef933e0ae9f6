import { NAME_PATTERN, RESERVED_NAMES } from "./common";

/**
 * DESIGN §1's mapping of a foreign name onto the name pattern: lowercased, every other character turned
 * into `-`, leading punctuation dropped, at most 100 characters; a reserved or empty result gets `-server`.
 */
export function toEntityName(text: string): string {
  const mapped = text
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "-")
    .replace(/^[._-]+/, "")
    .slice(0, 100);
  if (mapped === "" || RESERVED_NAMES.has(mapped) || !NAME_PATTERN.test(mapped)) return `${mapped || "inline"}-server`.slice(0, 100);
  return mapped;
}
