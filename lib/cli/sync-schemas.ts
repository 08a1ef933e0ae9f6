import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from "../db/derive-schema";

const PRISMA = path.join("node_modules", ".bin", "prisma");

/** `postinstall`: derives the PostgreSQL schema from the SQLite one, then generates both Prisma clients. */
function main() {
  fs.writeFileSync(POSTGRES_SCHEMA, derivePostgresSchema(fs.readFileSync(SQLITE_SCHEMA, "utf8")));

  for (const schema of [SQLITE_SCHEMA, POSTGRES_SCHEMA]) {
    const result = spawnSync(PRISMA, ["generate", "--schema", schema], { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

main();
