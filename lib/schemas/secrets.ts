/** What a value the caller may not read is shown as (DESIGN §7). */
export const MASK = "••••";

/** DESIGN §7: header and env keys that look secret. */
const SECRET_KEY = /authorization|token|secret|password|key/i;
/** A value holding a `${VAR}` or `{{param}}` is already a reference, not a literal secret. */
const REFERENCE = /\$\{[A-Z_][A-Z0-9_]*\}|\{\{[^}]*\}\}/;
/** `Bearer `, `Basic ` …: kept in front of a masked or replaced secret so the shape stays readable. */
export const AUTH_SCHEME = /^(Bearer|Basic|Token|Bot)\s+(?=\S)/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

export function isLiteralSecret(key: string, value: unknown): boolean {
  return isSecretKey(key) && typeof value === "string" && value !== "" && !REFERENCE.test(value);
}
