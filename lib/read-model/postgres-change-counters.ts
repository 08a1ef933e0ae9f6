import pg from "pg";

import { READ_CHANGE_COUNTERS, stampsOf } from "./change-counters";
import { onShutdown, processSlot } from "../runtime/runtime";
import type { ChangeScope } from "./change-scope";

type Stamps = Record<ChangeScope, string>;
type Reader = {
  client: pg.Client | null;
  connecting: Promise<pg.Client> | null;
  /** The read in flight, if any: its answer may predate a caller that arrived after it was sent. */
  running: Promise<unknown> | null;
  /** The next read, not sent yet: everyone arriving now may share it, since it is sent after they arrived. */
  waiting: Promise<Stamps | null> | null;
};

// One reader per process, shared by every bundle that imports this module (as the Prisma client is); its
// connection closes at shutdown (a read after that connects again).
const reader = processSlot("readModel.postgresCounterReader", (): Reader => {
  onShutdown("change counter reader", { close: drop });
  return { client: null, connecting: null, running: null, waiting: null };
});

/**
 * The change counters as committed in PostgreSQL — by any instance — no earlier than this call: a write
 * that committed before a request arrived is always seen by that request (the two-instance rule: write on
 * A, read on B at once). One read serves every request that arrived before it was sent, on a connection
 * of its own, so concurrent requests cost one round trip between them. Null when the database cannot be
 * asked: then nothing is served from cache.
 */
export function postgresStamps(databaseUrl: string): Promise<Stamps | null> {
  if (reader.waiting) return reader.waiting;
  const previous = reader.running ?? Promise.resolve();
  const next = previous.then(() => {
    reader.waiting = null;
    const read = readCounters(databaseUrl);
    reader.running = read;
    return read;
  });
  reader.waiting = next;
  return next;
}

async function readCounters(databaseUrl: string): Promise<Stamps | null> {
  try {
    const client = await connected(databaseUrl);
    const { rows } = await client.query<{ scope: string; value: number }>(READ_CHANGE_COUNTERS);
    return stampsOf(rows);
  } catch {
    drop();
    return null;
  }
}

function connected(databaseUrl: string): Promise<pg.Client> {
  if (reader.client) return Promise.resolve(reader.client);
  reader.connecting ??= (async () => {
    const url = new URL(databaseUrl);
    url.searchParams.delete("connection_limit");
    const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5_000 });
    client.on("error", () => drop());
    try {
      await client.connect();
    } catch (error) {
      reader.connecting = null;
      throw error;
    }
    reader.client = client;
    reader.connecting = null;
    return client;
  })();
  return reader.connecting;
}

function drop(): void {
  const client = reader.client;
  reader.client = null;
  void client?.end().catch(() => {});
}
