import Database from "better-sqlite3";

import { onShutdown, processSlot } from "../runtime/runtime";
import { BUSY_TIMEOUT_MS } from "./sqlite-adapter";

// One per process and database file, shared by every bundle; closed at shutdown (a use after that opens one again).
const connections = processSlot("db.sqliteSideConnections", () => {
  onShutdown("side SQLite connections", { close: closeSideConnections });
  return new Map<string, Database.Database>();
});

/**
 * The process's third connection to the SQLite file at `path`, beside Prisma's writer and reader: the read model's
 * change-counter checks (lib/read-model/sqlite-change-counters.ts) and the direct appends
 * (lib/db/sqlite-direct-write.ts) run on it. Sharing it is the point: `PRAGMA data_version` changes only for
 * commits of other connections, so an append committed here never makes the checks read the counters again.
 */
export function sideConnectionOf(path: string): Database.Database {
  let db = connections.get(path);
  if (!db) {
    db = new Database(path, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    db.pragma("synchronous = NORMAL");
    connections.set(path, db);
  }
  return db;
}

function closeSideConnections(): void {
  for (const db of connections.values()) db.close();
  connections.clear();
}
