import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A fresh SQLite file before anything reads the configuration.
const file = path.join(mkdtempSync(path.join(tmpdir(), "patchbay-direct-write-")), "direct.db");
process.env.DATABASE_URL = `file:${file}`;
const { applyMigrations } = await import("./migrate");
const { createClient } = await import("../db");
const { insertRowsDirectly } = await import("./sqlite-direct-write");
const { bumpChangeCountersStatement } = await import("../read-model/change-counters");
const { sqliteStamps } = await import("../read-model/sqlite-change-counters");
const { default: Database } = await import("better-sqlite3");

const db = createClient(process.env.DATABASE_URL!);
const INSERT = `INSERT INTO "ToolCall" ("id", "at", "targetKind", "targetName", "tool", "serverName", "environment", "caller", "latencyMs", "attempts", "outcome", "argumentsHash", "traceId") VALUES (?, ?, 'agent', 'a', 't', NULL, 'dev', 'c', 1, 1, 'ok', 'h', 'tr')`;

beforeAll(async () => {
  await applyMigrations(process.env.DATABASE_URL!);
});

afterAll(async () => {
  await db.$disconnect();
});

describe("insertRowsDirectly", () => {
  it("waits for this process's open transaction instead of writing inside it: a rollback keeps the direct rows", async () => {
    let inserted: Promise<void> | undefined;
    await expect(db.$transaction(async (tx) => {
      await tx.toolCall.create({ data: { id: "in-rolled-back-tx", at: new Date(), targetKind: "agent", targetName: "a", tool: "t", environment: "dev", caller: "c", latencyMs: 1, attempts: 1, outcome: "ok", argumentsHash: "h", traceId: "tr" } });
      inserted = insertRowsDirectly(file, INSERT, [["direct-1", "2026-11-27T10:00:00.000+00:00"]]);
      // Still queued behind the transaction: nothing of it is in the file yet.
      expect(await tx.toolCall.count({ where: { id: "direct-1" } })).toBe(0);
      throw new Error("roll back");
    })).rejects.toThrow("roll back");
    await inserted;

    expect((await db.toolCall.findMany({ select: { id: true } })).map((row) => row.id)).toEqual(["direct-1"]);
  });

  it("writes every row in one transaction, its dates read and compared by Prisma as its own", async () => {
    await insertRowsDirectly(file, INSERT, [["direct-2", "2026-11-27T10:00:01.000+00:00"], ["direct-3", "2026-11-27T10:00:02.500+00:00"]]);

    const later = await db.toolCall.findMany({ where: { at: { gt: new Date("2026-11-27T10:00:00.000Z") } }, orderBy: { at: "asc" }, select: { id: true, at: true } });
    expect(later).toEqual([
      { id: "direct-2", at: new Date("2026-11-27T10:00:01.000Z") },
      { id: "direct-3", at: new Date("2026-11-27T10:00:02.500Z") },
    ]);
  });

  it("a failing row rolls the whole group back", async () => {
    await expect(insertRowsDirectly(file, INSERT, [["direct-4", "2026-11-27T10:00:03.000+00:00"], ["direct-1", "2026-11-27T10:00:04.000+00:00"]])).rejects.toThrow(/UNIQUE/);

    expect(await db.toolCall.count({ where: { id: "direct-4" } })).toBe(0);
  });

  it("shares its connection with the read model's counter checks, which still see every other connection's commit", async () => {
    const before = sqliteStamps(file);
    const other = new Database(file);
    other.prepare(bumpChangeCountersStatement(["definitions"]).sql).run();
    other.close();
    await insertRowsDirectly(file, INSERT, [["direct-5", "2026-11-27T10:00:05.000+00:00"]]);
    await new Promise((resolve) => setImmediate(resolve)); // the next turn of the event loop checks again

    expect(Number(sqliteStamps(file).definitions)).toBe(Number(before.definitions) + 1);
  });
});
