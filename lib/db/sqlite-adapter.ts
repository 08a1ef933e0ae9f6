import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

import { bumpChangeCountersStatement } from "../read-model/change-counters";
import { collectScopes, scopesOfStatement, type ChangeScope } from "../read-model/change-scope";
import { staleAfterOwnCommit } from "../read-model/sqlite-change-counters";
import { processSlot } from "../runtime/runtime";
import { WriteLock } from "./write-lock";

type SqlAdapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type SqlTransaction = Awaited<ReturnType<SqlAdapter["startTransaction"]>>;
type SqlQuery = Parameters<SqlAdapter["queryRaw"]>[0];

/**
 * How long a statement waits for another connection's write lock (the sweep worker's, another process's)
 * before SQLite gives up with SQLITE_BUSY. Generous: a big import may hold the lock for seconds.
 */
export const BUSY_TIMEOUT_MS = 60_000;

/**
 * Prisma's better-sqlite3 adapter with one writer at a time. The stock adapter runs everything on one
 * connection and serialises only transactions among themselves, so (1) a statement of another request runs
 * inside whatever interactive transaction is open — and is rolled back with it, as a dry-run import does on
 * purpose — and (2) its deferred `BEGIN` takes a read snapshot first, so a write after a read fails at once
 * with SQLITE_BUSY when another connection (the sweep worker) committed in between; no busy timeout helps.
 *
 * Here every write statement and every transaction goes through one async lock on a writer connection, and
 * transactions begin IMMEDIATE (the write lock up front, waiting up to the busy timeout for other
 * connections). Plain SELECTs go to a second, query-only connection: in WAL mode they never wait for the
 * writer and see only committed data, so nobody observes an open (or dry-run) transaction's rows.
 *
 * Every write also bumps the `ChangeCounter` of what it changed (lib/read-model/change-scope.ts) — inside
 * its transaction, just before COMMIT — so the read model, which compares those counters, is invalidated by
 * every writer of the file: this process, the sweep worker and the CLI alike.
 */
export function sqliteAdapterFactory(path: string) {
  const connection = () => new PrismaBetterSQLite3({ url: path, timeout: BUSY_TIMEOUT_MS }, { timestampFormat: "iso8601" });
  const writerFactory = connection();
  return {
    provider: "sqlite" as const,
    adapterName: writerFactory.adapterName,
    async connect(): Promise<SqlAdapter> {
      const [writer, reader] = await Promise.all([writerFactory.connect(), connection().connect()]);
      await reader.executeScript("PRAGMA query_only = ON");
      return new SingleWriterAdapter(writer, reader, sqliteWriteLockOf(path));
    },
  };
}

/**
 * The one write lock of this process for the database file at `path`: the Prisma adapter's writer and the direct
 * appends of lib/db/sqlite-direct-write.ts take turns under it.
 */
export function sqliteWriteLockOf(path: string): WriteLock {
  const locks = processSlot("db.sqliteWriteLocks", () => new Map<string, WriteLock>());
  let lock = locks.get(path);
  if (!lock) locks.set(path, (lock = new WriteLock()));
  return lock;
}

class SingleWriterAdapter implements SqlAdapter {
  readonly provider;
  readonly adapterName;
  readonly #lock;

  constructor(private readonly writer: SqlAdapter, private readonly reader: SqlAdapter, lock: WriteLock) {
    this.#lock = lock;
    this.provider = writer.provider;
    this.adapterName = writer.adapterName;
  }

  queryRaw(query: SqlQuery) {
    if (isPlainSelect(query.sql)) return this.reader.queryRaw(query);
    return this.#write(async () => {
      const result = await this.writer.queryRaw(query);
      await bumpChangeCounters(this.writer, scopesOfStatement(query.sql));
      return result;
    });
  }

  executeRaw(query: SqlQuery) {
    return this.#write(async () => {
      const result = await this.writer.executeRaw(query);
      await bumpChangeCounters(this.writer, scopesOfStatement(query.sql));
      return result;
    });
  }

  executeScript(script: string) {
    return this.#write(() => this.writer.executeScript(script));
  }

  /** A write under the lock; once it is over, reads in this process look at the change counters again. */
  #write<T>(write: () => Promise<T>): Promise<T> {
    return this.#lock.run(write).finally(staleAfterOwnCommit);
  }

  /** SQLite transactions are always SERIALIZABLE; the isolation level asked for changes nothing. */
  async startTransaction(): Promise<SqlTransaction> {
    const release = await this.#lock.acquire();
    try {
      await this.writer.executeRaw(statement("BEGIN IMMEDIATE"));
    } catch (error) {
      release();
      throw error;
    }
    return new LockedTransaction(this.writer, () => {
      staleAfterOwnCommit();
      release();
    });
  }

  async dispose() {
    await Promise.all([this.writer.dispose(), this.reader.dispose()]);
  }
}

/**
 * The writer connection while this transaction holds the lock. Prisma ends a transaction with a COMMIT or
 * ROLLBACK statement and then calls commit()/rollback() — but skips the call when the statement throws, so
 * the lock is released by the statement itself, whatever its outcome.
 */
class LockedTransaction implements SqlTransaction {
  readonly provider;
  readonly adapterName;
  readonly options = { usePhantomQuery: false };
  readonly #changed = new Set<ChangeScope>();

  constructor(private readonly writer: SqlAdapter, private readonly release: () => void) {
    this.provider = writer.provider;
    this.adapterName = writer.adapterName;
  }

  queryRaw(query: SqlQuery) {
    collectScopes(this.#changed, scopesOfStatement(query.sql));
    return this.writer.queryRaw(query);
  }

  async executeRaw(query: SqlQuery) {
    if (!isEnd(query.sql)) {
      collectScopes(this.#changed, scopesOfStatement(query.sql));
      return this.writer.executeRaw(query);
    }
    try {
      if (isCommit(query.sql)) await bumpChangeCounters(this.writer, [...this.#changed]);
      return await this.writer.executeRaw(query);
    } catch (error) {
      // A failed COMMIT leaves the transaction open: roll it back before anyone else may write.
      await this.writer.executeRaw(statement("ROLLBACK")).catch(() => {});
      throw error;
    } finally {
      this.release();
    }
  }

  async commit() {
    this.release();
  }

  async rollback() {
    this.release();
  }
}

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
const isPlainSelect = (sql: string) => /^\s*SELECT\b/i.test(sql);
const isEnd = (sql: string) => /^\s*(COMMIT|ROLLBACK)\b/i.test(sql);
const isCommit = (sql: string) => /^\s*COMMIT\b/i.test(sql);

/** One statement on the connection that wrote (in its transaction, when there is one). */
async function bumpChangeCounters(writer: { executeRaw(query: SqlQuery): Promise<number> }, scopes: ChangeScope[]) {
  if (scopes.length > 0) await writer.executeRaw(bumpChangeCountersStatement(scopes));
}
