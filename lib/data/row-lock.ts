import type { Tx } from "../db";
import { getConfig, isPostgresUrl } from "../env";

/**
 * Locks a server's row until the transaction ends, so that its read → check → write cannot interleave with
 * another writer, in this instance or another. Needed on PostgreSQL, where reads take no locks under READ
 * COMMITTED: without it a write that sent no If-Match could lose a race and answer 412. On SQLite it is a
 * no-op: the adapter runs this process's transactions one at a time on its one connection.
 */
export async function lockServerRow(tx: Tx, name: string): Promise<void> {
  if (!isPostgresUrl(getConfig().DATABASE_URL)) return;
  // NO KEY: writers queue behind one another, but inserts that merely reference the row (tags, health) do not.
  await tx.$queryRaw`SELECT 1 FROM "Server" WHERE "name" = ${name} FOR NO KEY UPDATE`;
}

/** The same for a registry variable's row. */
export async function lockVariableRow(tx: Tx, name: string): Promise<void> {
  if (!isPostgresUrl(getConfig().DATABASE_URL)) return;
  await tx.$queryRaw`SELECT 1 FROM "Variable" WHERE "name" = ${name} FOR NO KEY UPDATE`;
}
