/**
 * What a write changes, as far as the read model cares: `definitions` (servers, capabilities, agents,
 * variables, secrets, references — everything resolution reads), `health` (probe results, which list pages
 * show), `credentials` (tokens, sessions and people). Bookkeeping that no cached read shows changes none.
 */
export type ChangeScope = "definitions" | "health" | "credentials";
export const CHANGE_SCOPES: readonly ChangeScope[] = ["definitions", "health", "credentials"];

const UNCACHED_TABLES = new Set(["Lease", "RateLimitWindow", "AuditEvent", "ChangeCounter", "_patchbay_migrations", "Approval", "ToolCall", "Alert"]);
const CREDENTIAL_TABLES = new Set(["ApiToken", "Session", "Person"]);
/**
 * The tool and prompt catalogs move with every probe, like health; list pages show its drift flag through `R`. Its declared
 * rows are written only with their server's definition, in the same transaction, which moves `definitions` too.
 */
const PROBE_TABLES = new Set(["CatalogTool", "Toolset", "DriftEvent", "Promptset", "PromptDriftEvent"]);

/**
 * The scopes one SQL statement changes: none for reads and transaction control; by the table it writes
 * otherwise; `definitions` when the table cannot be told (a table added later is covered until named here).
 */
export function scopesOfStatement(sql: string): ChangeScope[] {
  if (/^\s*(SELECT|BEGIN|SET\s+TRANSACTION|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SHOW|PRAGMA|NOTIFY)\b/i.test(sql)) return [];
  // "main"."Server", `main`.`Server`, "Server", Server: the last identifier before the column list or SET.
  const table = /^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+((?:["`]?\w+["`]?\.)?["`]?(\w+)["`]?)/i.exec(sql);
  const name = table ? table[2] : null;
  if (name === null) return ["definitions"];
  if (UNCACHED_TABLES.has(name)) return [];
  if (CREDENTIAL_TABLES.has(name)) return ["credentials"];
  if (/Health/.test(name) || PROBE_TABLES.has(name)) return ["health"];
  return ["definitions"];
}

/** Adds `scopes` to `into`, for a transaction that collects what its statements changed. */
export function collectScopes(into: Set<ChangeScope>, scopes: ChangeScope[]): void {
  for (const scope of scopes) into.add(scope);
}
