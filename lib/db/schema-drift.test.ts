import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from "./derive-schema";
import { migrationFiles } from "./migrate";
import { diffSchemas, generatedPart, isEmptyDiff, SNAPSHOTS_DIR, type Engine } from "./schema-diff";

const snapshotOf = (name: string) => fs.readFileSync(path.join(SNAPSHOTS_DIR, `${name}.prisma`), "utf8");
const sqliteMigrations = migrationFiles("sqlite");

describe("schema drift (fix: npm run db:migration -- <name>, or npm run postinstall)", () => {
  test("the PostgreSQL schema is derived from the current schema.prisma", () => {
    expect(fs.readFileSync(POSTGRES_SCHEMA, "utf8")).toBe(derivePostgresSchema(fs.readFileSync(SQLITE_SCHEMA, "utf8")));
  });

  test("both engines have the same migrations, each with a schema snapshot", () => {
    const names = sqliteMigrations.map((migration) => migration.name);
    expect(migrationFiles("postgresql").map((migration) => migration.name)).toEqual(names);
    for (const name of names) expect(fs.existsSync(path.join(SNAPSHOTS_DIR, `${name}.prisma`)), name).toBe(true);
  });

  test("schema.prisma has not changed since the last migration", () => {
    expect(fs.readFileSync(SQLITE_SCHEMA, "utf8")).toBe(snapshotOf(sqliteMigrations.at(-1)!.name));
  });

  // One prisma CLI per migration and engine, a few at a time: dozens at once starve a busy two-core machine.
  test.concurrent.each<Engine>(["sqlite", "postgresql"])("every %s migration starts with what prisma migrate diff writes", async (engine) => {
    const migrations = migrationFiles(engine);
    const checkOne = async (index: number) => {
      const migration = migrations[index];
      const from = index === 0 ? null : snapshotOf(migrations[index - 1].name);
      const to = snapshotOf(migration.name);
      const generated = generatedPart(migration.sql);
      // A data-only step leaves the schema as it was: no need to ask the CLI (seconds per call).
      if (from === to) return expect(isEmptyDiff(generated), migration.name).toBe(true);
      expect(generated, migration.name).toBe(await diffSchemas(from, to, engine));
    };
    let next = 0;
    const worker = async () => {
      while (next < migrations.length) await checkOne(next++);
    };
    await Promise.all(Array.from({ length: 3 }, worker));
  }, 900_000);
});
