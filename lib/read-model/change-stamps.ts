import { sqlitePathFromUrl } from "../db/sqlite-path";
import { getConfig, isPostgresUrl } from "../env";
import type { ChangeScope } from "./change-scope";
import { postgresStamps } from "./postgres-change-feed";
import { sqliteStamps } from "./sqlite-change-counters";

export type ChangeStamps = Record<ChangeScope, string>;

/**
 * What this instance knows of the database's state, per scope: equal stamps mean nothing of that scope was
 * committed in between, by anyone. Null while that cannot be known (PostgreSQL's change feed not
 * connected): serve nothing from cache then.
 */
export function currentStamps(): ChangeStamps | null {
  const url = getConfig().DATABASE_URL;
  if (isPostgresUrl(url)) return postgresStamps(url);
  sqlitePath ??= sqlitePathFromUrl(url);
  return sqliteStamps(sqlitePath);
}

let sqlitePath: string | undefined;
