import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

import { getConfig, isPostgresUrl } from "./env";
import { sqlitePathFromUrl } from "./db/sqlite-path";
import { PrismaClient } from "./generated/prisma/client";

/** The one PrismaClient of the process (a globalThis singleton so dev reloads reuse it). */
const globalForPrisma = globalThis as unknown as { patchbayPrisma?: PrismaClient };

export function getDb(): PrismaClient {
  globalForPrisma.patchbayPrisma ??= createClient(getConfig().DATABASE_URL);
  return globalForPrisma.patchbayPrisma;
}

function createClient(url: string): PrismaClient {
  if (isPostgresUrl(url)) throw new Error("PostgreSQL support arrives with the scale-out work; use a file: URL.");
  const adapter = new PrismaBetterSQLite3({ url: sqlitePathFromUrl(url), timeout: 5_000 }, { timestampFormat: "iso8601" });
  return new PrismaClient({ adapter });
}

/**
 * Per-connection settings, run once at boot. In WAL mode `synchronous = NORMAL` cannot corrupt the
 * database; it only skips the fsync of each commit (the WAL is synced at checkpoints).
 */
export async function prepareDatabase(): Promise<void> {
  if (isPostgresUrl(getConfig().DATABASE_URL)) return;
  await getDb().$executeRawUnsafe("PRAGMA synchronous = NORMAL");
}

export type Db = PrismaClient;
/** The client handed to a `$transaction` callback. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
