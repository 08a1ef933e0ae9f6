import { RateLimitedError } from "../errors";

const WINDOW_MS = 60_000;
const windows = new Map<string, { startedAt: number; count: number }>();

/**
 * A fixed one-minute window per caller and bucket, kept in this process (each instance of a scale-out
 * deployment counts its own share).
 */
export function consumeRateLimit(key: string, limitPerMinute: number, now = Date.now()): void {
  const window = windows.get(key);
  if (!window || now - window.startedAt >= WINDOW_MS) {
    windows.set(key, { startedAt: now, count: 1 });
    if (windows.size > 10_000) pruneExpired(now);
    return;
  }
  if (window.count >= limitPerMinute) {
    throw new RateLimitedError(Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)));
  }
  window.count++;
}

function pruneExpired(now: number) {
  for (const [key, window] of windows) if (now - window.startedAt >= WINDOW_MS) windows.delete(key);
}
