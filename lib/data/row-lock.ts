import { Prisma } from "../generated/prisma/client";
import type { Tx } from "../db";
import { getConfig, isPostgresUrl } from "../env";

/** The tables of versioned entities: a closed list, since the name goes into the statement as an identifier. */
export type LockableTable = "Server" | "Capability" | "Agent" | "Variable";

/**
 * Locks an entity's row until the transaction ends, so that its read → check → write cannot interleave with
 * another writer, in this instance or another. Needed on PostgreSQL, where reads take no locks under READ
 * COMMITTED: without it a write that sent no If-Match could lose a race and answer 412, and a DELETE could
 * remove a revision committed after the one its If-Match named. On SQLite it is a no-op: the adapter runs
 * this process's transactions one at a time on its one connection.
 */
export async function lockRow(tx: Tx, table: LockableTable, name: string): Promise<void> {
  if (!isPostgresUrl(getConfig().DATABASE_URL)) return;
  // NO KEY: writers queue behind one another, but inserts that merely reference the row (tags, health) do not.
  await tx.$queryRaw`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE "name" = ${name} FOR NO KEY UPDATE`;
}
