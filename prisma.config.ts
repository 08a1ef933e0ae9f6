import path from "node:path";
import { defineConfig } from "prisma/config";

// Only `prisma generate` and `prisma migrate diff` run through the CLI; the app applies its own
// checked-in SQL migrations at start (lib/db/migrate.ts), on SQLite and PostgreSQL alike.
export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    const url = process.env.DATABASE_URL ?? "file:./data/patchbay.db";
    return new PrismaBetterSQLite3({ url: url.replace(/^file:/, "") });
  },
});
