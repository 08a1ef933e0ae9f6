import { PrismaPg } from "@prisma/adapter-pg";

import { getConfig, isPostgresUrl } from "./env";
import { countingPostgresAdapter } from "./db/postgres-adapter";
import { sqliteAdapterFactory } from "./db/sqlite-adapter";
import { sqlitePathFromUrl } from "./db/sqlite-path";
import { onShutdown, processSlot } from "./runtime/runtime";
import { PrismaClient } from "./generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "./generated/prisma-pg/client";

/** The one PrismaClient of the process (a runtime slot, so every bundle and dev reload uses it); closed at shutdown. */
export function getDb(): PrismaClient {
  return processSlot("db.prisma", () => {
    const client = createClient(getConfig().DATABASE_URL);
    onShutdown("database client", { close: () => client.$disconnect() });
    return client;
  });
}

/**
 * A client for `url`: SQLite for file: URLs, PostgreSQL for postgresql:// ones. The two generated clients
 * have identical model APIs (one schema, derived); the PostgreSQL one is typed as the SQLite one.
 *
 * On SQLite one writer runs at a time (lib/db/sqlite-adapter.ts): `getDb().$transaction` owns the writer
 * connection until it ends and other requests' statements wait for it instead of running inside it, so a
 * transaction's start may wait behind others — hence a generous `maxWait`.
 */
export function createClient(url: string): PrismaClient {
  if (isPostgresUrl(url)) return new PostgresPrismaClient({ adapter: postgresAdapter(url) }) as unknown as PrismaClient;
  return new PrismaClient({
    adapter: sqliteAdapterFactory(sqlitePathFromUrl(url)),
    transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS, timeout: SQLITE_TRANSACTION_TIMEOUT_MS },
  });
}

/** Waiting in line for the single SQLite writer is normal under load; a minute of it is not. */
export const TRANSACTION_MAX_WAIT_MS = 60_000;
/** Longest an ordinary write transaction may hold the writer (imports pass their own). */
const SQLITE_TRANSACTION_TIMEOUT_MS = 15_000;

/**
 * `?connection_limit=` caps this instance's pool (default 10), as with Prisma's own engines. A connect
 * timeout lets /api/readyz answer 503 while the database is unreachable instead of hanging. Every committed
 * write bumps the change counters the instances' read models compare (lib/db/postgres-adapter.ts).
 */
function postgresAdapter(url: string) {
  const parsed = new URL(url);
  const max = Number(parsed.searchParams.get("connection_limit") ?? 10);
  parsed.searchParams.delete("connection_limit");
  return countingPostgresAdapter(new PrismaPg({ connectionString: parsed.toString(), max, connectionTimeoutMillis: 5_000 }));
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
