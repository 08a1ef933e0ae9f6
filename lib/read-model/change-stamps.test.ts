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

    expect(await reuseStampsOf(request)).toEqual(taken);
    const fresh = await reuseStampsOf(request);
    expect(fresh).toEqual(await currentStamps());
    expect(Number(fresh!.definitions)).toBe(Number(taken!.definitions) + 1);
  });

  it("every credential check reads afresh: a long-lived request sees a commit made since its last check", async () => {
    const request = new Request("http://patchbay.test/api/health/events");
    const first = await takeStampsFor(request);
    commitDefinitionsChange();

    const second = await takeStampsFor(request);
    expect(Number(second!.definitions)).toBe(Number(first!.definitions) + 1);
  });

  it("a request that took none gets the stamps as of now", async () => {
    const request = new Request("http://patchbay.test/v0.1/servers");
    commitDefinitionsChange();
    expect(await reuseStampsOf(request)).toEqual(await currentStamps());
  });
});
