import type { PrismaPg } from "@prisma/adapter-pg";
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

import { collectScopes, scopesOfStatement, type ChangeScope } from "../read-model/change-scope";
import { bumpChangeCountersStatement } from "../read-model/change-counters";

/**
 * Prisma's PostgreSQL adapter, bumping the `ChangeCounter` of whatever a write changed
 * (lib/read-model/change-scope.ts) in the write's own transaction, just before its COMMIT — whatever table or
 * code path it came from: routes, imports, sync, the sweep and the CLI alike, none of them knowing. A write
 * outside a transaction bumps right after it. Every instance's read model compares those counters
 * (lib/read-model/postgres-change-counters.ts), so a committed write is seen by every instance's next read.
 */
export function countingPostgresAdapter(factory: PrismaPg): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      return new CountingAdapter(await factory.connect());
    },
  };
}

class CountingAdapter implements SqlDriverAdapter {
  readonly provider;
  readonly adapterName;

  constructor(private readonly inner: SqlDriverAdapter) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  async queryRaw(query: SqlQuery) {
    const result = await this.inner.queryRaw(query);
    await this.bump(scopesOfStatement(query.sql));
    return result;
  }

  async executeRaw(query: SqlQuery) {
    const result = await this.inner.executeRaw(query);
    await this.bump(scopesOfStatement(query.sql));
    return result;
  }

  executeScript(script: string) {
    return this.inner.executeScript(script);
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    return new CountingTransaction(await this.inner.startTransaction(isolationLevel));
  }

  getConnectionInfo() {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: true };
  }

  dispose() {
    return this.inner.dispose();
  }

  private bump(scopes: ChangeScope[]) {
    return bumpInOrder(this.inner, scopes);
  }
}

/**
 * One UPDATE per counter, always in the same order: one UPDATE of several rows locks them in whatever order it
 * scans them, which MVCC changes as rows are rewritten — two writers bumping `definitions` and `health` (a
 * server write with declared tools) then each held the row the other waited for (40P01, deadlock).
 */
async function bumpInOrder(into: { executeRaw(query: SqlQuery): Promise<number> }, scopes: Iterable<ChangeScope>): Promise<void> {
  for (const scope of [...scopes].sort()) await into.executeRaw(bumpChangeCountersStatement([scope]));
}

/** Collects what its statements changed; bumps those counters inside itself just before COMMIT. */
class CountingTransaction implements Transaction {
  readonly provider;
  readonly adapterName;
  readonly options;
  readonly #changed = new Set<ChangeScope>();

  constructor(private readonly inner: Transaction) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
    this.options = inner.options;
  }

  queryRaw(query: SqlQuery) {
    collectScopes(this.#changed, scopesOfStatement(query.sql));
    return this.inner.queryRaw(query);
  }

  async executeRaw(query: SqlQuery) {
    if (/^\s*COMMIT\b/i.test(query.sql)) {
      await bumpInOrder(this.inner, this.#changed);
    } else {
      collectScopes(this.#changed, scopesOfStatement(query.sql));
    }
    return this.inner.executeRaw(query);
  }

  commit() {
    return this.inner.commit();
  }

  rollback() {
    return this.inner.rollback();
  }
}
