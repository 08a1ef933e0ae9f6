import { getDb } from "../db";
import { isUniqueViolation } from "./prisma-errors";

/**
 * Named leases on the `Lease` table: one holder per name until `expiresAt`. The holder renews by acquiring
 * again; anyone may take over an expired lease. Expiry uses the callers' clocks, which must agree to well
 * within a ttl.
 */
export async function tryAcquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlMs);

  // One conditional statement: of instances racing for an expired lease, the database lets exactly one match.
  const { count } = await getDb().lease.updateMany({
    where: { name, OR: [{ holder }, { expiresAt: { lt: now } }] },
    data: { holder, expiresAt },
  });
  if (count === 1) return true;

  try {
    await getDb().lease.create({ data: { name, holder, expiresAt } });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false; // held by someone else, and not expired
    throw error;
  }
}

/** Gives the lease up (on shutdown) so another instance need not wait for it to expire. */
export async function releaseLease(name: string, holder: string): Promise<void> {
  await getDb().lease.deleteMany({ where: { name, holder } });
}
