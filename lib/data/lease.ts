import type { Db } from "../db";
import { getDb } from "../db";

/**
 * Named leases (the `Lease` table): at most one holder per name until `expiresAt`. A holder renews its own
 * lease by acquiring it again; once it expires, anyone may take it over. Expiry is judged by the caller's
 * clock, so instances need clocks that agree to well within a ttl (NTP).
 */

/** One statement on both engines: insert, or take over only when ours or expired; 1 row touched = held. */
export async function tryAcquireLease(name: string, holder: string, ttlMs: number, db: Db = getDb()): Promise<boolean> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlMs);
  const touched = await db.$executeRaw`
    INSERT INTO "Lease" ("name", "holder", "expiresAt") VALUES (${name}, ${holder}, ${expiresAt})
    ON CONFLICT ("name") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
    WHERE "Lease"."holder" = excluded."holder" OR "Lease"."expiresAt" < ${now}`;
  return touched === 1;
}

/** Gives the lease up at once (on shutdown), so another instance need not wait for it to expire. */
export async function releaseLease(name: string, holder: string, db: Db = getDb()): Promise<void> {
  await db.lease.deleteMany({ where: { name, holder } });
}
