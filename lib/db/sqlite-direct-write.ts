import Database from "better-sqlite3";

import { onShutdown, processSlot } from "../runtime/runtime";
import { staleAfterOwnCommit } from "../read-model/sqlite-change-counters";
import { BUSY_TIMEOUT_MS, sqliteWriteLockOf } from "./sqlite-adapter";

type DirectWriter = { db: Database.Database; statements: Map<string, Database.Statement> };

// One connection per process and database file, shared by every bundle; closed at shutdown (a write after that
// opens one again).
const writers = processSlot("db.sqliteDirectWriters", () => {
  onShutdown("direct SQLite writers", { close: closeWriters });
  return new Map<string, DirectWriter>();
});

/**
 * Runs `statement` once per row of `rows` in one transaction on a connection of its own, without Prisma: for
 * appends nobody waits on and that change nothing the read model caches (the call log), where Prisma's per-query
 * work cost more than SQLite's. It takes the same write lock as the Prisma adapter (lib/db/sqlite-adapter.ts), so
 * it never meets this process's transactions; another process's write lock is waited for up to the busy timeout.
 * The statement is prepared once per connection. It bumps no change counter: it must write no table the read
 * model watches (lib/read-model/change-scope.ts).
 */
export async function insertRowsDirectly(path: string, statement: string, rows: unknown[][]): Promise<void> {
  const release = await sqliteWriteLockOf(path).acquire();
  try {
    const writer = writerFor(path);
    let prepared = writer.statements.get(statement);
    if (!prepared) writer.statements.set(statement, (prepared = writer.db.prepare(statement)));
    const insert = prepared;
    writer.db.transaction(() => {
      for (const row of rows) insert.run(row);
    }).immediate();
  } finally {
    staleAfterOwnCommit();
    release();
  }
}

function writerFor(path: string): DirectWriter {
  let writer = writers.get(path);
  if (!writer) {
    const db = new Database(path, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    db.pragma("synchronous = NORMAL");
    writer = { db, statements: new Map() };
    writers.set(path, writer);
  }
  return writer;
}

function closeWriters(): void {
  for (const writer of writers.values()) writer.db.close();
  writers.clear();
}
