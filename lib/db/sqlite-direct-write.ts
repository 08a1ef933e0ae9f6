import type Database from "better-sqlite3";

import { sqliteWriteLockOf } from "./sqlite-adapter";
import { sideConnectionOf } from "./sqlite-side-connection";

// Prepared once per connection (a connection closed at shutdown and opened again prepares anew).
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * Runs `statement` once per row of `rows` in one transaction on the side connection (lib/db/sqlite-side-connection.ts),
 * without Prisma: for appends nobody waits on and that change nothing the read model caches (the call log), where
 * Prisma's per-query work cost more than SQLite's. It takes the same write lock as the Prisma adapter
 * (lib/db/sqlite-adapter.ts), so it never meets this process's transactions; another process's write lock is waited
 * for up to the busy timeout. It bumps no change counter and leaves the read model's check of them as it was: it
 * must write no table the read model watches (lib/read-model/change-scope.ts).
 */
export async function insertRowsDirectly(path: string, statement: string, rows: unknown[][]): Promise<void> {
  const release = await sqliteWriteLockOf(path).acquire();
  try {
    const db = sideConnectionOf(path);
    const statements = prepared.get(db) ?? new Map<string, Database.Statement>();
    prepared.set(db, statements);
    let insert = statements.get(statement);
    if (!insert) statements.set(statement, (insert = db.prepare(statement)));
    const run = insert;
    db.transaction(() => {
      for (const row of rows) run.run(row);
    }).immediate();
  } finally {
    release();
  }
}
