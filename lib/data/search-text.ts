/**
 * Search is `contains` on a lowercased column, which Prisma turns into LIKE '%…%' on both engines without
 * escaping `%` and `_` (and PostgreSQL reads `\` as LIKE's escape, SQLite does not). Both the stored text
 * and the query swap those three characters for private-use ones, so the pattern holds no wildcard from
 * the data or the user, and matching is the same plain substring test on both engines.
 * Migration 0002_search_text_wildcards rewrote the rows written before this; keep the two in step.
 */
const LIKE_SPECIALS: Record<string, string> = { "%": "\uE000", _: "\uE001", "\\": "\uE002" };

export function toSearchText(parts: string[]): string {
  return neutralize(parts.join("\n"));
}

/** The value for `searchText: { contains }`. */
export function toSearchNeedle(search: string): string {
  return neutralize(search);
}

function neutralize(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (special) => LIKE_SPECIALS[special]);
}
