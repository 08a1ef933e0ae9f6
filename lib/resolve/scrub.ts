import { MASK } from "./types";

/** Shorter values would mask ordinary text ("on", "1") everywhere; no real credential is this short. */
const MIN_SECRET_LENGTH = 4;

/**
 * `value` with every occurrence of each secret replaced by the mask, in every string at any depth (DESIGN §7:
 * a resolved secret never reaches a viewer through a reason, an upstream error body or stderr). Longest
 * first, so a secret that contains another is masked whole.
 */
export function scrubSecrets<T>(value: T, secrets: Iterable<string>): T {
  const list = [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  if (list.length === 0) return value;
  return scrubWith(value, (text) => list.reduce((scrubbed, secret) => scrubbed.replaceAll(secret, MASK), text)) as T;
}

function scrubWith(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === "string") return scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubWith(item, scrub));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubWith(item, scrub)]));
  }
  return value;
}
