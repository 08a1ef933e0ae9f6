import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { derivePostgresSchema } from "./derive-schema";

export type Engine = "sqlite" | "postgresql";

export const MIGRATIONS_DIR = path.join("prisma", "migrations");
/** The SQLite schema as of each migration (same file name, `.prisma`): what the next migration starts from. */
export const SNAPSHOTS_DIR = path.join(MIGRATIONS_DIR, "snapshots");
/** A migration is the generated SQL, then optionally this line and statements written by hand (data steps). */
export const HAND_WRITTEN_MARKER = "-- Hand-written (not from prisma migrate diff):";

export function isEmptyDiff(sql: string): boolean {
  return /^(-- This is an empty migration\.)?\s*$/.test(sql);
}

export function generatedPart(migrationSql: string): string {
  const at = migrationSql.indexOf(HAND_WRITTEN_MARKER);
  return at === -1 ? migrationSql : migrationSql.slice(0, at);
}

/**
 * The SQL that takes a database from `from` (a SQLite-flavoured schema text, or null for empty) to `to`,
 * as `prisma migrate diff --script` writes it for `engine`. Schema-to-schema is the only diff Prisma 6's
 * CLI can do offline with an adapter configured (STACK.md), so migrations are written from snapshots.
 */
export async function diffSchemas(from: string | null, to: string, engine: Engine): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-diff-"));
  try {
    const write = (name: string, schema: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, engine === "postgresql" ? derivePostgresSchema(schema) : schema);
      return file;
    };
    const fromArgs = from === null ? ["--from-empty"] : ["--from-schema-datamodel", write("from.prisma", from)];
    const args = ["migrate", "diff", ...fromArgs, "--to-schema-datamodel", write("to.prisma", to), "--script"];
    // prisma.config.ts opens its SQLite adapter even for a schema-only diff: give it a throwaway file.
    const { stdout } = await promisify(execFile)(path.join("node_modules", ".bin", "prisma"), args, {
      env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "scratch.db")}` },
    });
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
