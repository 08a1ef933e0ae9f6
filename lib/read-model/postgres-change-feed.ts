import pg from "pg";

import { CHANGE_SCOPES, type ChangeScope } from "./change-scope";

/** The channel every instance's writes notify on (lib/db/postgres-adapter.ts) and every instance listens to. */
const CHANNEL = "patchbay_changes";
const RECONNECT_DELAY_MS = 1_000;

type Feed = {
  counters: Record<ChangeScope, number>;
  /** Bumped on every (re)connect: whatever was cached before may have missed notifications. */
  epoch: number;
  listening: boolean;
  client: pg.Client | null;
};

// One feed per process, shared by every bundle that imports this module (as the Prisma client is).
const holder = globalThis as unknown as { patchbayChangeFeed?: Feed };
const feed = (holder.patchbayChangeFeed ??= {
  counters: { definitions: 0, health: 0, credentials: 0 },
  epoch: 0,
  listening: false,
  client: null,
});

/** `NOTIFY` naming what a write changed; the scopes are our own constants, never input. */
export function notifyStatement(scopes: ChangeScope[]) {
  return { sql: `NOTIFY ${CHANNEL}, '${scopes.join(",")}'`, args: [], argTypes: [] };
}

/** This process committed a write: its own reads see it at once, not when its notification comes back. */
export function noteLocalChange(scopes: readonly ChangeScope[]): void {
  for (const scope of scopes) feed.counters[scope] += 1;
}

/**
 * The version of each scope as this instance knows it, or null while it is not listening (connecting,
 * or reconnecting after an error): then nothing may be served from cache, since a change could be missed.
 */
export function postgresStamps(databaseUrl: string): Record<ChangeScope, string> | null {
  if (!feed.listening) {
    listen(databaseUrl);
    return null;
  }
  const stamps = {} as Record<ChangeScope, string>;
  for (const scope of CHANGE_SCOPES) stamps[scope] = `${feed.epoch}.${feed.counters[scope]}`;
  return stamps;
}

function listen(databaseUrl: string): void {
  if (feed.client) return;
  const url = new URL(databaseUrl);
  url.searchParams.delete("connection_limit");
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5_000 });
  feed.client = client;

  const lost = () => {
    if (feed.client !== client) return;
    feed.listening = false;
    feed.client = null;
    client.removeAllListeners();
    client.on("error", () => {});
    void client.end().catch(() => {});
    setTimeout(() => listen(databaseUrl), RECONNECT_DELAY_MS).unref();
  };
  client.on("error", lost);
  client.on("end", lost);
  client.on("notification", ({ payload }) => {
    noteLocalChange((payload ?? "").split(",").filter((scope): scope is ChangeScope => (CHANGE_SCOPES as string[]).includes(scope)));
  });
  client
    .connect()
    .then(() => client.query(`LISTEN ${CHANNEL}`))
    .then(() => {
      if (feed.client !== client) return;
      feed.epoch += 1;
      feed.listening = true;
    })
    .catch(lost);
}
