import { countRateLimitHit } from "./rate-limit-windows";
import { RateLimitedError } from "../errors";
import { processSlot } from "../runtime/runtime";
import { secondsLeft, startOfWindow } from "./rate-limit";

/**
 * Failed authentications per client address and minute (DESIGN §14): bearer tokens, session cookies and sign-ins
 * (POST /api/session) alike, in one window. A person who mistypes a token a few times is not stopped; guessing is.
 */
export const FAILED_AUTHENTICATIONS_PER_MIN = 30;

const MAX_REMEMBERED = 10_000;
// Addresses this instance saw over the limit → the start of that window. One map per process, shared by every route bundle.
const throttled = processSlot("auth.throttledAddresses", () => new Map<string, number>());

/**
 * Checks one credential from `address` under the throttle; `check` answers the principal, or null when the credential
 * is wrong (unknown, revoked, expired). The count lives in the database (RateLimitWindow, key `auth-failed:<address>`),
 * so every instance on one database shares it.
 *
 * Once an address has failed 30 times in the current minute, every credential it sends is refused with 429 and
 * `Retry-After` (the seconds until the window frees) **before it is checked**, right or wrong: were a right token
 * let through, a guesser would learn from 200 against 429 that a guess was right, and guessing would go on. After
 * the window, a right token works at once. The slot is taken before the check and given back on success, so a burst
 * of concurrent guesses cannot all be checked before any of them is counted.
 */
export async function checkThrottled<T>(address: string, check: () => Promise<T | null>, now = Date.now()): Promise<T | null> {
  refuseKnownThrottled(address, now);
  const key = `auth-failed:${address}`;
  const windowStart = startOfWindow(now);
  const count = await countRateLimitHit(key, windowStart);
  if (count > FAILED_AUTHENTICATIONS_PER_MIN) {
    remember(address, windowStart);
    throw new RateLimitedError(secondsLeft(windowStart, now));
  }

  let failed = false;
  try {
    const found = await check();
    failed = found === null || found === undefined;
    return found;
  } finally {
    if (!failed) await countRateLimitHit(key, windowStart, -1);
    else if (count === FAILED_AUTHENTICATIONS_PER_MIN) remember(address, windowStart);
  }
}

/**
 * 429 for an address this instance already saw over the limit in the current minute: asked of every request that
 * carries a credential, before anything else, including a credential this instance holds in its principal cache
 * (which `checkThrottled` is never asked about). Memory only, so the hot paths pay no database read; an address
 * another instance throttled is refused here from the first of its credentials this instance has to look up.
 */
export function refuseKnownThrottled(address: string, now = Date.now()): void {
  const since = throttled.get(address);
  if (since === undefined) return;
  const windowStart = startOfWindow(now);
  if (since === windowStart.getTime()) throw new RateLimitedError(secondsLeft(windowStart, now));
  throttled.delete(address);
}

function remember(address: string, windowStart: Date): void {
  if (throttled.size >= MAX_REMEMBERED) {
    for (const [known, since] of throttled) if (since < windowStart.getTime()) throttled.delete(known);
    if (throttled.size >= MAX_REMEMBERED) return;
  }
  throttled.set(address, windowStart.getTime());
}
