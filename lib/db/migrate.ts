import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import pg from "pg";

import { isPostgresUrl } from "../env";
import { DATA_STEPS, type MigrationClient } from "./migration-steps";
import { BUSY_TIMEOUT_MS } from "./sqlite-adapter";
import { sqlitePathFromUrl } from "./sqlite-path";

/**
 * Applies the checked-in SQL migrations (prisma/migrations/<engine>/NNNN_name.sql) in order, each in its
 * own transaction with its data step if it has one (lib/db/migration-steps.ts), recording them in `_patchbay_migrations`. Prisma 6's CLI cannot migrate PostgreSQL
 * offline (STACK.md), so one small runner serves both engines.
 */
const MIGRATIONS_TABLE = "_patchbay_migrations";

export function migrationFiles(engine: "sqlite" | "postgresql"): { name: string; sql: string }[] {
  const folder = path.join(process.cwd(), "prisma", "migrations", engine);
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ""), sql: fs.readFileSync(path.join(folder, file), "utf8") }));
}

export async function applyMigrations(url: string, { through }: { through?: string } = {}): Promise<string[]> {
  return isPostgresUrl(url) ? applyPostgres(url, through) : applySqlite(url, through);
}

async function applySqlite(url: string, through?: string): Promise<string[]> {
  const db = new Database(sqlitePathFromUrl(url), { timeout: BUSY_TIMEOUT_MS });
  const client: MigrationClient = {
    all: async (sql, params = []) => db.prepare(sql).all(...params) as Record<string, unknown>[],
    run: async (sql, params = []) => void db.prepare(sql).run(...params),
  };
  try {
    db.pragma("journal_mode = WAL");
    db.exec(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
    const applied = new Set(db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).pluck().all() as string[]);
    const pending = pendingFiles("sqlite", applied, through);
    for (const migration of pending) {
      // BEGIN/COMMIT by hand rather than db.transaction(): a data step awaits (it is written once for both engines).
      db.exec("BEGIN IMMEDIATE");
      try {
        db.exec(migration.sql);
        await DATA_STEPS[migration.name]?.(client);
        db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name, applied_at) VALUES (?, ?)`).run(migration.name, new Date().toISOString());
        db.exec("COMMIT");
      } catch (error) {
        // Some errors end the transaction themselves; a second ROLLBACK would hide the first error.
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
    }
    return pending.map((migration) => migration.name);
  } finally {
    db.close();
  }
}

/** The migrations not applied yet, in order; `through`: none after that one (a test stops before the one it tests). */
function pendingFiles(engine: "sqlite" | "postgresql", applied: Set<string>, through: string | undefined) {
  return migrationFiles(engine).filter((migration) => !applied.has(migration.name) && (through === undefined || migration.name <= through));
}

async function applyPostgres(url: string, through?: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  const numbered = (sql: string) => { let index = 0; return sql.replace(/\?/g, () => `$${++index}`); };
  const stepClient: MigrationClient = {
    all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
    run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
  };
  await client.connect();
  try {
    // One instance migrates at a time; the others wait here and then find nothing pending.
    await client.query("SELECT pg_advisory_lock(727274)");
    await client.query(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)`);
    const { rows } = await client.query(`SELECT name FROM ${MIGRATIONS_TABLE}`);
    const applied = new Set(rows.map((row) => row.name as string));
    const pending = pendingFiles("postgresql", applied, through);
    for (const migration of pending) {
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await DATA_STEPS[migration.name]?.(stepClient);
        await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (name, applied_at) VALUES ($1, now())`, [migration.name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    }
    return pending.map((migration) => migration.name);
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
    await client.end();
  }
}

/** Names of migrations that exist as files but are not applied (readiness). */
export async function pendingMigrations(
  appliedNames: string[],
  engine: "sqlite" | "postgresql",
): Promise<string[]> {
  const applied = new Set(appliedNames);
  return migrationFiles(engine).map((migration) => migration.name).filter((name) => !applied.has(name));
}

export { MIGRATIONS_TABLE };
