import type { PrismaPg } from "@prisma/adapter-pg";
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

import { collectScopes, scopesOfStatement, type ChangeScope } from "../read-model/change-scope";
import { noteLocalChange, notifyStatement } from "../read-model/postgres-change-feed";

/**
 * Prisma's PostgreSQL adapter that announces every committed write, whatever table or code path it came
 * from: a transaction that wrote sends `NOTIFY` with what it changed (lib/read-model/change-scope.ts) inside
 * itself — PostgreSQL delivers it to every listening instance at commit, never for a rollback — and this
 * process's read model learns of it synchronously once the COMMIT returns, before the write's response
 * leaves. A write outside a transaction notifies right after it. This is the one place writes commit, so
 * the read model is invalidated by routes, imports, sync, the sweep and the CLI without any of them knowing.
 */
export function notifyingPostgresAdapter(factory: PrismaPg): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      return new NotifyingAdapter(await factory.connect());
    },
  };
}

class NotifyingAdapter implements SqlDriverAdapter {
  readonly provider;
  readonly adapterName;

  constructor(private readonly inner: SqlDriverAdapter) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  async queryRaw(query: SqlQuery) {
    const result = await this.inner.queryRaw(query);
    await this.announce(scopesOfStatement(query.sql));
    return result;
  }

  async executeRaw(query: SqlQuery) {
    const result = await this.inner.executeRaw(query);
    await this.announce(scopesOfStatement(query.sql));
    return result;
  }

  executeScript(script: string) {
    return this.inner.executeScript(script);
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    return new NotifyingTransaction(await this.inner.startTransaction(isolationLevel));
  }

  getConnectionInfo() {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: true };
  }

  dispose() {
    return this.inner.dispose();
  }

  private async announce(scopes: ChangeScope[]) {
    if (scopes.length === 0) return;
    try {
      await this.inner.executeRaw(notifyStatement(scopes));
    } finally {
      noteLocalChange(scopes);
    }
  }
}

/** Collects what its statements changed; notifies inside itself just before COMMIT, and tells this process after. */
class NotifyingTransaction implements Transaction {
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
    const changed = [...this.#changed];
    if (!/^\s*COMMIT\b/i.test(query.sql) || changed.length === 0) {
      collectScopes(this.#changed, scopesOfStatement(query.sql));
      return this.inner.executeRaw(query);
    }
    await this.inner.executeRaw(notifyStatement(changed));
    try {
      return await this.inner.executeRaw(query);
    } finally {
      noteLocalChange(changed);
    }
  }

  commit() {
    return this.inner.commit();
  }

  rollback() {
    return this.inner.rollback();
  }
}
