import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createClient, type Db } from "../../lib/db";
import { applyMigrations } from "../../lib/db/migrate";
import { releaseLease, tryAcquireLease } from "../../lib/data/lease";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

const MINUTE = 60_000;
/** A ttl that puts the expiry a minute in the past: an expired lease without waiting for one. */
const EXPIRED = -MINUTE;

/** Two clients on one database stand for two Patchbay instances. */
let url: string;
let a: Db;
let b: Db;
let leaseCount = 0;
const newLease = () => `lease-${++leaseCount}`;

beforeAll(async () => {
  url = await freshDatabaseUrl("lease");
  await applyMigrations(url);
  [a, b] = [createClient(url), createClient(url)];
});

afterAll(async () => {
  await Promise.all([a?.$disconnect(), b?.$disconnect()]);
  removeDatabase(url);
});

describe("tryAcquireLease / releaseLease", () => {
  test("two instances racing for a free lease — exactly one wins, every time", async () => {
    for (let round = 0; round < 20; round++) {
      const name = newLease();
      const won = await Promise.all([tryAcquireLease(name, "a", MINUTE, a), tryAcquireLease(name, "b", MINUTE, b)]);
      expect(won.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });

  test("two instances racing to take over an expired lease — exactly one wins", async () => {
    const names = Array.from({ length: 10 }, newLease);
    for (const name of names) expect(await tryAcquireLease(name, "dead", EXPIRED, a)).toBe(true);

    for (const name of names) {
      const won = await Promise.all([tryAcquireLease(name, "a", MINUTE, a), tryAcquireLease(name, "b", MINUTE, b)]);
      expect(won.filter(Boolean), name).toHaveLength(1);
    }
  });

  test("the holder renews its lease (later expiry); others are refused meanwhile", async () => {
    const name = newLease();
    expect(await tryAcquireLease(name, "a", MINUTE, a)).toBe(true);
    const first = await a.lease.findUniqueOrThrow({ where: { name } });

    expect(await tryAcquireLease(name, "b", MINUTE, b)).toBe(false);
    expect(await tryAcquireLease(name, "a", 2 * MINUTE, a)).toBe(true);
    const renewed = await b.lease.findUniqueOrThrow({ where: { name } });
    expect(renewed.holder).toBe("a");
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(first.expiresAt.getTime());
  });

  test("an expired lease is taken over, and the old holder is then refused", async () => {
    const name = newLease();
    expect(await tryAcquireLease(name, "a", MINUTE, a)).toBe(true);
    expect(await tryAcquireLease(name, "b", MINUTE, b)).toBe(false);
    await a.lease.update({ where: { name }, data: { expiresAt: new Date(Date.now() - MINUTE) } }); // a minute passes

    expect(await tryAcquireLease(name, "b", MINUTE, b)).toBe(true);
    expect(await tryAcquireLease(name, "a", MINUTE, a)).toBe(false);
  });

  test("releasing hands the lease over at once; releasing another's lease does nothing", async () => {
    const name = newLease();
    expect(await tryAcquireLease(name, "a", MINUTE, a)).toBe(true);
    await releaseLease(name, "b", b);
    expect(await tryAcquireLease(name, "b", MINUTE, b)).toBe(false);

    await releaseLease(name, "a", a);
    expect(await tryAcquireLease(name, "b", MINUTE, b)).toBe(true);
  });

  test("expiry keeps millisecond precision", async () => {
    const name = newLease();
    const before = Date.now();
    await tryAcquireLease(name, "a", 12_345, a);
    const { expiresAt } = await b.lease.findUniqueOrThrow({ where: { name } });
    expect(expiresAt.getTime() - before).toBeGreaterThanOrEqual(12_345);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(12_345);
  });
});
