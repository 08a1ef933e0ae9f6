import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

// A fresh SQLite file before anything reads the configuration.
process.env.DATABASE_URL = `file:${path.join(mkdtempSync(path.join(tmpdir(), "patchbay-lease-")), "lease.db")}`;
const { applyMigrations } = await import("../db/migrate");
const { releaseLease, tryAcquireLease } = await import("./lease");

beforeAll(async () => {
  await applyMigrations(process.env.DATABASE_URL!);
});

describe("tryAcquireLease / releaseLease", () => {
  it("one holder at a time; the holder renews; others wait for expiry or release", async () => {
    expect(await tryAcquireLease("sweep", "a", 60_000)).toBe(true);
    expect(await tryAcquireLease("sweep", "b", 60_000)).toBe(false);
    expect(await tryAcquireLease("sweep", "a", 60_000)).toBe(true);

    await releaseLease("sweep", "b"); // not b's to release
    expect(await tryAcquireLease("sweep", "b", 60_000)).toBe(false);
    await releaseLease("sweep", "a");
    expect(await tryAcquireLease("sweep", "b", 60_000)).toBe(true);
  });

  it("an expired lease goes to exactly one of many racing instances", async () => {
    expect(await tryAcquireLease("race", "old", -60_000)).toBe(true); // expired a minute ago

    const won = await Promise.all(Array.from({ length: 10 }, (_, i) => tryAcquireLease("race", `instance-${i}`, 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it("of many racing for a lease nobody held, exactly one wins", async () => {
    const won = await Promise.all(Array.from({ length: 10 }, (_, i) => tryAcquireLease("fresh", `instance-${i}`, 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
