import Database from "better-sqlite3";

import { READ_CHANGE_COUNTERS, stampsOf } from "./change-counters";
import { onShutdown, processSlot } from "../runtime/runtime";
import type { ChangeScope } from "./change-scope";

type Watcher = { db: Database.Database; dataVersion: Database.Statement; counters: Database.Statement; seen: number; stamps: Record<ChangeScope, string> };

// One watcher per process and database file, shared by every bundle that imports this module; their
// connections close at shutdown (a read after that opens one again).
const watchers = processSlot("readModel.sqliteCounterWatchers", () => {
  onShutdown("change counter watchers", { close: closeWatchers });
  return new Map<string, Watcher>();
});

/**
 * The `ChangeCounter` of each scope, read on a connection of its own that never writes. `PRAGMA
 * data_version` changes whenever any other connection — this process's writer, the sweep worker, the CLI —
 * commits, and costs microseconds; only then are the counters read again. Every write bumps its counters
 * in its own transaction (lib/db/sqlite-adapter.ts), so a changed counter is exactly a committed change.
 */
export function sqliteStamps(path: string): Record<ChangeScope, string> {
  let watcher = watchers.get(path);
  if (!watcher) {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    watcher = {
      db,
      dataVersion: db.prepare("PRAGMA data_version").pluck(),
      counters: db.prepare(READ_CHANGE_COUNTERS),
      seen: Number.NaN,
      stamps: { definitions: "", health: "", credentials: "" },
    };
    watchers.set(path, watcher);
  }
  const version = watcher.dataVersion.get() as number;
  if (version !== watcher.seen) {
    watcher.seen = version;
    watcher.stamps = stampsOf(watcher.counters.all() as { scope: string; value: number }[]);
  }
  return watcher.stamps;
}

function closeWatchers(): void {
  for (const watcher of watchers.values()) watcher.db.close();
  watchers.clear();
}
