import type Database from "better-sqlite3";

import { sideConnectionOf } from "../db/sqlite-side-connection";
import { processSlot } from "../runtime/runtime";
import { READ_CHANGE_COUNTERS, stampsOf } from "./change-counters";
import type { ChangeScope } from "./change-scope";

type Watcher = {
  db: Database.Database;
  dataVersion: Database.Statement;
  counters: Database.Statement;
  seen: number;
  stamps: Record<ChangeScope, string>;
  /** Checked in this turn of the event loop: later reads in the same turn use that check. */
  checkedThisTurn: boolean;
};

// One watcher per process and database file, shared by every bundle that imports this module, on the side
// connection (closed at shutdown; a read after that opens one again, and the watcher prepares anew on it).
const watchers = processSlot("readModel.sqliteCounterWatchers", () => new Map<string, Watcher>());

/**
 * The `ChangeCounter` of each scope, read on the side connection (lib/db/sqlite-side-connection.ts). `PRAGMA
 * data_version` changes whenever any other connection — this process's writer, the sweep worker, the CLI —
 * commits, and costs microseconds; only then are the counters read again. (The side connection's own commits, the
 * call log's appends, change no counter and do not change it either.) Every write bumps its counters
 * in its own transaction (lib/db/sqlite-adapter.ts), so a changed counter is exactly a committed change.
 *
 * One check serves the rest of its turn of the event loop (all but the first read of a turn cost nothing): a
 * commit another process makes meanwhile is seen from the next turn on, as if it had come a moment after the
 * requests of this turn arrived, and this process's own commits end the turn's check at once
 * (staleAfterOwnCommit), so nothing read here after one of them misses it.
 */
export function sqliteStamps(path: string): Record<ChangeScope, string> {
  const db = sideConnectionOf(path);
  let watcher = watchers.get(path);
  if (watcher?.db !== db) {
    watcher = {
      db,
      dataVersion: db.prepare("PRAGMA data_version").pluck(),
      counters: db.prepare(READ_CHANGE_COUNTERS),
      seen: Number.NaN,
      stamps: { definitions: "", health: "", credentials: "" },
      checkedThisTurn: false,
    };
    watchers.set(path, watcher);
  }
  if (watcher.checkedThisTurn) return watcher.stamps;
  const checked = watcher;
  checked.checkedThisTurn = true;
  setImmediate(() => (checked.checkedThisTurn = false));
  const version = watcher.dataVersion.get() as number;
  if (version !== watcher.seen) {
    watcher.seen = version;
    watcher.stamps = stampsOf(watcher.counters.all() as { scope: string; value: number }[]);
  }
  return watcher.stamps;
}

/** This process committed a write: the next read checks the counters again, whatever turn it is in. */
export function staleAfterOwnCommit(): void {
  for (const watcher of watchers.values()) watcher.checkedThisTurn = false;
}
