import { countRateLimitHit } from "./rate-limit-windows";
import { RateLimitedError } from "../errors";
import { processSlot } from "../runtime/runtime";

const WINDOW_MS = 60_000;

/**
 * A fixed one-minute window per key, counted in the database (RateLimitWindow), so N instances on one
 * PostgreSQL database share one budget rather than having N of them. Throws 429 with Retry-After once the
 * window holds more than `limitPerMinute` hits.
 */
export async function consumeRateLimit(key: string, limitPerMinute: number, now = Date.now()): Promise<void> {
  const windowStart = startOfWindow(now);
  const count = await countRateLimitHit(key, windowStart);
  if (count > limitPerMinute) throw new RateLimitedError(secondsLeft(windowStart, now));
}

/** A window's hits this instance claimed and has not spent yet; `spent`: the window's budget is gone. */
type Claim = { windowStart: number; remaining: number; spent: boolean; claiming?: Promise<void> };
// One table per process, shared by every route bundle.
const claims = processSlot("auth.rateClaims", () => new Map<string, Claim>());

/**
 * `consumeRateLimit` for a budget spent at runner rates (the calls budget: thousands a minute): the instance claims
 * `block` hits of the shared window at once and spends them in memory, so the database is written once per block
 * instead of once per call. The window still never admits more than `limitPerMinute` in all: a claim past the limit
 * gets only what is left. The price is the other way: hits one instance claimed and did not spend are refused to
 * the others for the rest of the minute (at most `block` per instance).
 */
export async function consumeClaimedRateLimit(key: string, limitPerMinute: number, block: number, now = Date.now()): Promise<void> {
  const windowStart = startOfWindow(now);
  for (;;) {
    const claim = currentClaim(key, windowStart.getTime());
    if (claim.remaining > 0) {
      claim.remaining -= 1;
      return;
    }
    if (claim.spent) throw new RateLimitedError(secondsLeft(windowStart, now));
    // Concurrent requests of one key wait for the one claim in flight instead of each claiming a block.
    claim.claiming ??= claimBlock(key, windowStart, limitPerMinute, block, claim).finally(() => (claim.claiming = undefined));
    await claim.claiming;
  }
}

async function claimBlock(key: string, windowStart: Date, limitPerMinute: number, block: number, claim: Claim): Promise<void> {
  const count = await countRateLimitHit(key, windowStart, block);
  const usable = Math.max(0, Math.min(block, limitPerMinute - (count - block)));
  claim.remaining += usable;
  if (usable < block) claim.spent = true;
}

function currentClaim(key: string, windowStart: number): Claim {
  const known = claims.get(key);
  if (known?.windowStart === windowStart) return known;
  for (const [other, claim] of claims) if (claim.windowStart < windowStart && !claim.claiming) claims.delete(other);
  const fresh: Claim = { windowStart, remaining: 0, spent: false };
  claims.set(key, fresh);
  return fresh;
}

/** The start of the fixed one-minute window `now` falls in. */
export function startOfWindow(now: number): Date {
  return new Date(now - (now % WINDOW_MS));
}

/** Whole seconds until the window that starts at `windowStart` frees (at least 1): the `Retry-After` of a 429. */
export function secondsLeft(windowStart: Date, now: number): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000));
}
