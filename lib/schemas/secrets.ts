/** What a value the caller may not read is shown as (DESIGN §7). */
export const MASK = "••••";

/** DESIGN §7: header and env keys that look secret. */
const SECRET_KEY = /authorization|token|secret|password|key/i;
/** A `${VAR}` or `{{param}}`: a reference to a value kept elsewhere, not a literal one. */
const REFERENCE = /\$\{[A-Z_][A-Z0-9_]*\}|\{\{[^}]*\}\}/g;
/** `Bearer `, `Basic ` …: kept in front of a masked or replaced secret so the shape stays readable. */
export const AUTH_SCHEME = /^(Bearer|Basic|Token|Bot)\s+(?=\S)/i;
/** What makes the text between references a value of its own rather than a separator (`:`, `-`, a space). */
const LITERAL_CHARACTER = /[\p{L}\p{N}]/u;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * A value cut where its references are: its leading auth scheme (kept apart, "" for none), then the rest in order,
 * each piece a reference (`${VAR}`, `{{param}}`) or the text between two, which is `literal` when it holds a value
 * of its own — a letter or a digit, as in `${TENANT}-sk-live-1` (`-sk-live-1`), not in `${USER}:${PASS}` (`:`).
 * A value without any reference is one piece, literal unless empty. Empty pieces are left out.
 */
export function splitReferences(value: string): { scheme: string; pieces: { text: string; reference: boolean; literal: boolean }[] } {
  const scheme = AUTH_SCHEME.exec(value)?.[0] ?? "";
  const rest = value.slice(scheme.length);
  const references = [...rest.matchAll(REFERENCE)];
  if (references.length === 0) return { scheme, pieces: rest === "" ? [] : [{ text: rest, reference: false, literal: true }] };
  const pieces: { text: string; reference: boolean; literal: boolean }[] = [];
  let from = 0;
  const between = (text: string) => {
    if (text !== "") pieces.push({ text, reference: false, literal: LITERAL_CHARACTER.test(text) });
  };
  for (const match of references) {
    between(rest.slice(from, match.index));
    pieces.push({ text: match[0], reference: true, literal: false });
    from = match.index + match[0].length;
  }
  between(rest.slice(from));
  return { scheme, pieces };
}

/**
 * DESIGN §7's one rule for what in a value is a literal secret: what is left once a leading auth scheme and every
 * reference are taken out, piece by piece, where it holds a letter or a digit (a value with no reference at all:
 * the whole of it, once its scheme is off, when not empty). `Bearer sk-1` → `sk-1`; `${TENANT}-sk-live-1` →
 * `-sk-live-1`; `Bearer ${TOKEN}` and `${USER}:${PASS}` → nothing.
 */
export function literalParts(value: string): string[] {
  return splitReferences(value).pieces.filter((piece) => piece.literal).map((piece) => piece.text);
}

/** A header or env value (or a URL's password or query value) under a secret-looking key with a literal part (literalParts). */
export function isLiteralSecret(key: string, value: unknown): boolean {
  return isSecretKey(key) && typeof value === "string" && literalParts(value).length > 0;
}
