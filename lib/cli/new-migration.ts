import fs from "node:fs";
import path from "node:path";

import { SQLITE_SCHEMA } from "../db/derive-schema";
import { migrationFiles } from "../db/migrate";
import { diffSchemas, HAND_WRITTEN_MARKER, isEmptyDiff, MIGRATIONS_DIR, SNAPSHOTS_DIR } from "../db/schema-diff";

/**
 * `npm run db:migration -- <name>`: writes NNNN_<name>.sql for SQLite and PostgreSQL, from the schema of the
 * last migration to prisma/schema.prisma, and snapshots the schema for the next one. With --data, the files
 * end in the hand-written marker: add the data statements below it, for each engine.
 */
async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: npm run db:migration -- <snake_case_name>");

  const existing = migrationFiles("sqlite");
  const last = existing.at(-1);
  const from = last ? fs.readFileSync(path.join(SNAPSHOTS_DIR, `${last.name}.prisma`), "utf8") : null;
  const to = fs.readFileSync(SQLITE_SCHEMA, "utf8");
  const [sqlite, postgresql] = await Promise.all([diffSchemas(from, to, "sqlite"), diffSchemas(from, to, "postgresql")]);
  const isDataStep = process.argv.includes("--data");
  if (isEmptyDiff(sqlite) && isEmptyDiff(postgresql) && !isDataStep) {
    return console.log("The schema has not changed since the last migration (--data writes one for a data step).");
  }

  // Numbers may have gaps (0005 was never merged): the next one follows the last.
  const next = last ? Number(last.name.slice(0, 4)) + 1 : 1;
  const file = `${String(next).padStart(4, "0")}_${name}`;
  const handWritten = isDataStep ? `${HAND_WRITTEN_MARKER}\n` : "";
  fs.writeFileSync(path.join(MIGRATIONS_DIR, "sqlite", `${file}.sql`), sqlite + handWritten);
  fs.writeFileSync(path.join(MIGRATIONS_DIR, "postgresql", `${file}.sql`), postgresql + handWritten);
  fs.mkdirSync(SNAPSHOTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(SNAPSHOTS_DIR, `${file}.prisma`), to);
  console.log(`Wrote prisma/migrations/{sqlite,postgresql}/${file}.sql`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
