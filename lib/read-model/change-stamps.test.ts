import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";

// A fresh SQLite file before anything reads the configuration.
const file = path.join(mkdtempSync(path.join(tmpdir(), "patchbay-stamps-")), "stamps.db");
process.env.DATABASE_URL = `file:${file}`;
const { applyMigrations } = await import("../db/migrate");
const { bumpChangeCountersStatement } = await import("./change-counters");
const { currentStamps, reuseStampsOf, takeStampsFor } = await import("./change-stamps");
const { staleAfterOwnCommit } = await import("./sqlite-change-counters");

/** The next turn of the event loop, where a check of the counters made in this one no longer serves. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A commit by another connection, as another process (the CLI, a second instance's writer) makes one. */
function commitDefinitionsChange(): void {
  const writer = new Database(file);
  writer.prepare(bumpChangeCountersStatement(["definitions"]).sql).run();
  writer.close();
}

beforeAll(async () => {
  await applyMigrations(process.env.DATABASE_URL!);
});

describe("takeStampsFor / reuseStampsOf", () => {
  it("a request's read-model lookup reuses the stamps its credential check took, once", async () => {
    const request = new Request("http://patchbay.test/api/mcp-servers/a");
    const taken = await takeStampsFor(request);
    commitDefinitionsChange();
    await nextTurn();

    expect(await reuseStampsOf(request)).toEqual(taken);
    const fresh = await reuseStampsOf(request);
    expect(fresh).toEqual(await currentStamps());
    expect(Number(fresh!.definitions)).toBe(Number(taken!.definitions) + 1);
  });

  it("every credential check reads afresh: a long-lived request sees a commit made since its last check", async () => {
    const request = new Request("http://patchbay.test/api/health/events");
    const first = await takeStampsFor(request);
    commitDefinitionsChange();
    await nextTurn();

    const second = await takeStampsFor(request);
    expect(Number(second!.definitions)).toBe(Number(first!.definitions) + 1);
  });

  it("a request that took none gets the stamps as of now", async () => {
    const request = new Request("http://patchbay.test/v0.1/servers");
    commitDefinitionsChange();
    await nextTurn();
    expect(await reuseStampsOf(request)).toEqual(await currentStamps());
  });
});

describe("one check of the counters a turn", () => {
  it("serves the rest of its turn: another process's commit is seen from the next turn on", async () => {
    await nextTurn();
    const before = await currentStamps();
    commitDefinitionsChange();

    expect(await currentStamps()).toEqual(before);
    await nextTurn();
    expect(Number((await currentStamps())!.definitions)).toBe(Number(before!.definitions) + 1);
  });

  it("ends at this process's own commit: a read after it, in the same turn, sees it", async () => {
    await nextTurn();
    const before = await currentStamps();
    commitDefinitionsChange();
    staleAfterOwnCommit(); // as lib/db/sqlite-adapter.ts does once a write of this process is over

    expect(Number((await currentStamps())!.definitions)).toBe(Number(before!.definitions) + 1);
  });

  it("a write through this process's client is seen by the reads after it, whatever turn they are in", async () => {
    const { createClient } = await import("../db");
    const db = createClient(process.env.DATABASE_URL!);
    try {
      for (let attempt = 0; attempt < 20; attempt++) {
        const before = await currentStamps();
        await db.$executeRawUnsafe(`UPDATE "Server" SET "description" = "description" WHERE 0`);
        expect(Number((await currentStamps())!.definitions)).toBe(Number(before!.definitions) + 1);
      }
    } finally {
      await db.$disconnect();
    }
  });
});
