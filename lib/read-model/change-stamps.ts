import { sqlitePathFromUrl } from "../db/sqlite-path";
import { getConfig, isPostgresUrl } from "../env";
import type { ChangeScope } from "./change-scope";
import { postgresStamps } from "./postgres-change-counters";
import { sqliteStamps } from "./sqlite-change-counters";

export type ChangeStamps = Record<ChangeScope, string>;

/**
 * The database's change counters as of no earlier than this call, per scope: equal stamps mean nothing of
 * that scope was committed in between, by anyone. Null while that cannot be known (PostgreSQL unreachable):
 * serve nothing from cache then.
 */
export async function currentStamps(): Promise<ChangeStamps | null> {
  const url = getConfig().DATABASE_URL;
  if (isPostgresUrl(url)) return postgresStamps(url);
  sqlitePath ??= sqlitePathFromUrl(url);
  return sqliteStamps(sqlitePath);
}

let sqlitePath: string | undefined;
