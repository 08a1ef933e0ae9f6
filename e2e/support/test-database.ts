import { inject } from "vitest";

import { removeTempSqlite, tempSqliteUrl } from "./patchbay-process";
import { createTestDatabase } from "./postgres";

/** A fresh, empty database on the project's engine, for a test that needs one of its own. */
export async function freshDatabaseUrl(label: string): Promise<string> {
  const postgres = inject("postgres");
  return postgres ? createTestDatabase(postgres) : tempSqliteUrl(label);
}

/** SQLite files go now; PostgreSQL test databases are dropped with the test server. */
export function removeDatabase(url: string): void {
  removeTempSqlite(url);
}
