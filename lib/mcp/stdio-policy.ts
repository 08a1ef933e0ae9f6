import { isDangerousEnvKey } from "../resolve/stripped-env";

// A definition's env loses every key `isDangerousEnvKey` names (lib/resolve/stripped-env.ts, which also warns about
// them when a server is written). Not only the definition's env: the child never inherits Patchbay's own environment
// beyond `INHERITED_KEYS` (so no `PATCHBAY_*`, `DATABASE_URL` or proxy setting leaks into it). A definition's own
// `DATABASE_URL` is the server's business (database MCP servers read it): it passes; the registry's never reaches it,
// as a value or through `${DATABASE_URL}` (DESIGN §2).

/** All the child takes from Patchbay's own environment (the SDK's transport added LOGNAME, SHELL, TERM, USER). */
const INHERITED_KEYS = ["HOME", "LANG", "PATH"];

/** The definition's env without dangerous keys, malformed names, NUL bytes or exported shell functions. */
export function sanitizeEnv(env: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [key, value] of Object.entries(env ?? {})) {
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) || isDangerousEnvKey(key)) continue;
    if (typeof value !== "string" || value.includes("\0") || value.startsWith("()")) continue;
    safe[key] = value;
  }
  return safe;
}

/**
 * The child's whole environment: HOME, LANG and PATH from Patchbay's own process (never from the definition),
 * then the sanitized definition env. Nothing else of Patchbay's environment reaches the child.
 */
export function buildChildEnv(env: Readonly<Record<string, string>> | undefined, parent = process.env): Record<string, string> {
  const base: Record<string, string> = {};
  for (const key of INHERITED_KEYS) {
    const value = parent[key];
    if (value !== undefined && !value.startsWith("()")) base[key] = value;
  }
  // HOME and PATH are dangerous keys, so sanitizeEnv never lets the definition replace them; LANG it may.
  return { ...base, ...sanitizeEnv(env) };
}
