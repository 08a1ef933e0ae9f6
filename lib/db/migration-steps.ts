import { declaredCatalogRows } from "../tools/declared-tool-rows";
import type { Tool } from "../schemas/server-fields";

/** What a data step may do in its migration's transaction: SQL with `?` placeholders, the same on both engines. */
export type MigrationClient = {
  all(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
};
export type DataStep = (db: MigrationClient) => Promise<void>;

/**
 * Data steps SQL alone cannot write, by the name of the migration they finish: each runs right after its SQL, in
 * its transaction, so the migration is applied with its data or not at all.
 */
export const DATA_STEPS: Readonly<Record<string, DataStep>> = {
  // A declared tool's row holds its JCS + SHA-256 fingerprint and JavaScript's lowercased search text.
  "0012_declared_tools": backfillDeclaredTools,
};

/** The declared tools of every stored definition, as lib/tools/declared-tools.ts writes them; dated by their server's last write. */
async function backfillDeclaredTools(db: MigrationClient): Promise<void> {
  const servers = await db.all(`SELECT "id", "definition" FROM "Server"`);
  for (const server of servers) {
    const { tools } = JSON.parse(String(server.definition)) as { tools?: Tool[] };
    for (const row of declaredCatalogRows(Number(server.id), tools, new Date())) {
      await db.run(
        `INSERT INTO "CatalogTool" ("serverId", "environment", "name", "fingerprint", "definition", "searchText", "hints", "firstSeenAt", "lastSeenAt")
         SELECT "id", ?, ?, ?, ?, ?, ?, "modifiedAt", "modifiedAt" FROM "Server" WHERE "id" = ?`,
        [row.environment, row.name, row.fingerprint, row.definition, row.searchText, row.hints, row.serverId],
      );
    }
  }
}
