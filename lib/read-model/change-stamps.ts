import { sqlitePathFromUrl } from "../db/sqlite-path";
import { getConfig, isPostgresUrl } from "../env";
import type { ChangeScope } from "./change-scope";
import { postgresStamps } from "./postgres-change-counters";
import { sqliteStamps } from "./sqlite-change-counters";

export type ChangeStamps = Record<ChangeScope, string>;

/**
 * The database's change counters as of no earlier than this call, per scope: equal stamps mean nothing of
 * that scope was committed in between, by anyone. (On SQLite, as of no earlier than this turn of the event
 * loop for another process's commits: lib/read-model/sqlite-change-counters.ts.) Null while that cannot be known (PostgreSQL unreachable):
 * serve nothing from cache then.
 */
export async function currentStamps(): Promise<ChangeStamps | null> {
  const url = getConfig().DATABASE_URL;
  if (isPostgresUrl(url)) return postgresStamps(url);
  sqlitePath ??= sqlitePathFromUrl(url);
  return sqliteStamps(sqlitePath);
}

let sqlitePath: string | undefined;

// Stamps a request's credential check took, until its read-model lookup uses them.
const taken = new WeakMap<Request, Promise<ChangeStamps | null>>();

/**
 * currentStamps, taken now for `request` (its credential check) and kept for one later reuseStampsOf: on
 * PostgreSQL that is one round trip per request instead of two. Always a fresh read, so a long-lived
 * request that checks its credential again sees every revocation.
 */
export function takeStampsFor(request: Request): Promise<ChangeStamps | null> {
  const stamps = currentStamps();
  taken.set(request, stamps);
  return stamps;
}

/**
 * The stamps `request` took at its credential check, once (or fresh ones when it took none). They are no
 * older than the request's arrival, so any write committed before it arrived is seen; only a handler that
 * wrote in between could be misled, and no read-model handler writes.
 */
export function reuseStampsOf(request: Request): Promise<ChangeStamps | null> {
  const stamps = taken.get(request);
  if (!stamps) return currentStamps();
  taken.delete(request);
  return stamps;
}
