import { countRateLimitHit, readRateLimitCount } from "../data/rate-limit-windows";
import { RateLimitedError } from "../errors";

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

/** Counts a hit without refusing it (e.g. a failed sign-in, refused later by `checkRateLimit`). */
export async function recordRateLimitHit(key: string, now = Date.now()): Promise<void> {
  await countRateLimitHit(key, startOfWindow(now));
}

/** 429 when the window of `key` already holds `limitPerMinute` hits; counts nothing. */
export async function checkRateLimit(key: string, limitPerMinute: number, now = Date.now()): Promise<void> {
  const windowStart = startOfWindow(now);
  if ((await readRateLimitCount(key, windowStart)) >= limitPerMinute) throw new RateLimitedError(secondsLeft(windowStart, now));
}

function startOfWindow(now: number): Date {
  return new Date(now - (now % WINDOW_MS));
}

function secondsLeft(windowStart: Date, now: number): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000));
}
