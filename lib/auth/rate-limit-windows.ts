import { getDb } from "../db";

const PRUNE_AFTER_MS = 2 * 60_000;
const PRUNE_EVERY_MS = 60_000;
let lastPrunedAt = 0;

/**
 * Counts `hits` hits (one, a block an instance claims, or −1 to give one back) in the window of `key` that starts at
 * `windowStart` and returns the window's count, including them. One atomic statement, so every instance on the database shares the count.
 */
export async function countRateLimitHit(key: string, windowStart: Date, hits = 1): Promise<number> {
  pruneOccasionally();
  const rows = await getDb().$queryRaw<{ count: number | bigint }[]>`
    INSERT INTO "RateLimitWindow" ("key", "windowStart", "count") VALUES (${key}, ${windowStart}, ${hits})
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitWindow"."count" + ${hits}
    RETURNING "count"`;
  return Number(rows[0].count);
}

/** Windows older than two minutes count for nothing; at most one delete a minute per instance removes them. */
function pruneOccasionally(now = Date.now()): void {
  if (now - lastPrunedAt < PRUNE_EVERY_MS) return;
  lastPrunedAt = now;
  void getDb().rateLimitWindow.deleteMany({ where: { windowStart: { lt: new Date(now - PRUNE_AFTER_MS) } } })
    .catch((error) => console.error("Patchbay: pruning rate-limit windows failed:", error));
}
