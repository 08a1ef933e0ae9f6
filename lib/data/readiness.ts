import { getDb } from "../db";
import { getConfig, isPostgresUrl } from "../env";
import { MIGRATIONS_TABLE, pendingMigrations } from "../db/migrate";

export async function checkReadiness() {
  const engine = isPostgresUrl(getConfig().DATABASE_URL) ? "postgresql" : "sqlite";
  try {
    const rows = await getDb().$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM ${MIGRATIONS_TABLE}`);
    const pending = await pendingMigrations(rows.map((row) => row.name), engine);
    if (pending.length) return { status: "not_ready" as const, reason: `migrations not applied: ${pending.join(", ")}` };
    return { status: "ready" as const, database: engine };
  } catch {
    return { status: "not_ready" as const, reason: "database unreachable" };
  }
}
