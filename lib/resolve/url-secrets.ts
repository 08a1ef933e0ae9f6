import { isLiteralSecret, isSecretKey, literalParts } from "../schemas/secrets";
import { MASK } from "./types";

/**
 * A literal secret written into a URL (DESIGN §7): the password of its `user:password@`, or the value of a query
 * parameter whose name looks secret by the rule header and env keys follow (`?access_token=`, `?api_key=` …).
 * `place` names where it sits — `password`, or `query.<name>` (`query.<name>[n]` for a name's later occurrences) —
 * so a masked URL sent back finds each value's stored counterpart; `start`/`end` bound the value as written.
 */
export type UrlSecret = { place: string; start: number; end: number; value: string };

/** A `${VAR}` or `{{param}}` in the authority is a template, not yet a URL: its credentials are parsed as written. */
const AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/;

/** Every literal secret of `url` as written, in order; placeholders (`${VAR}`, `{{param}}`) are none. */
export function urlSecrets(url: string): UrlSecret[] {
  const found: UrlSecret[] = [];
  const authority = AUTHORITY.exec(url);
  let queryFrom = 0;
  if (authority) {
    const authorityStart = authority[0].length - authority[1]!.length;
    queryFrom = authority[0].length;
    const at = authority[1]!.lastIndexOf("@");
    const colon = at < 0 ? -1 : authority[1]!.slice(0, at).indexOf(":");
    if (colon >= 0) {
      const start = authorityStart + colon + 1;
      const end = authorityStart + at;
      const value = url.slice(start, end);
      if (isLiteralSecret("password", value)) found.push({ place: "password", start, end, value });
    }
  }
  const question = url.indexOf("?", queryFrom);
  if (question < 0) return found;
  const hash = url.indexOf("#", question);
  const queryEnd = hash < 0 ? url.length : hash;
  const seen = new Map<string, number>();
  let position = question + 1;
  for (const pair of url.slice(question + 1, queryEnd).split("&")) {
    const equals = pair.indexOf("=");
    if (equals > 0) {
      const name = decoded(pair.slice(0, equals));
      const value = pair.slice(equals + 1);
      if (isSecretKey(name)) {
        const occurrence = seen.get(name) ?? 0;
        seen.set(name, occurrence + 1);
        const start = position + equals + 1;
        if (isLiteralSecret(name, value)) found.push({ place: occurrence === 0 ? `query.${name}` : `query.${name}[${occurrence}]`, start, end: start + value.length, value });
      }
    }
    position += pair.length + 1;
  }
  return found;
}

/**
 * The literal parts (lib/schemas/secrets.ts `literalParts`) of `url`'s literal secrets as written and decoded, for
 * scrubbing what reports on a probe of it: a value beside a reference (`?api_key=${TENANT}-k1`) is sent filled in.
 */
export function urlSecretValues(url: string): string[] {
  return urlSecrets(url).flatMap(({ value }) => [...new Set([...literalParts(value), ...literalParts(decoded(value))])]);
}

/** `url` with each literal secret shown as `••••`; the rest, placeholders included, as written. */
export function maskUrlSecrets(url: string): string {
  return replaceUrlSecrets(url, () => MASK);
}

/** `url` with each literal secret replaced by what `by` makes of it; the rest as written. */
export function replaceUrlSecrets(url: string, by: (secret: UrlSecret) => string): string {
  return replaceSecrets(url, urlSecrets(url), by);
}

/**
 * A masked URL sent back on update (DESIGN §7: a masked value means "unchanged"): each masked secret takes the value
 * `stored` has at the same place, the rest of `input` as sent — a path or another parameter may have changed. null:
 * a masked place where `stored` holds no literal secret. undefined: the mask is not (only) in a secret's place.
 */
export function keepMaskedUrlSecrets(input: string, stored: unknown): string | null | undefined {
  const masked = urlSecrets(input).filter(({ value }) => value.includes(MASK));
  if (masked.length === 0) return undefined;
  const storedSecrets = typeof stored === "string" ? urlSecrets(stored) : [];
  const values = masked.map(({ place }) => storedSecrets.find((secret) => secret.place === place)?.value);
  if (values.some((value) => value === undefined)) return null;
  const kept = replaceSecrets(input, masked, (_secret, index) => values[index]!);
  return kept.includes(MASK) ? undefined : kept;
}

function replaceSecrets(url: string, secrets: UrlSecret[], by: (secret: UrlSecret, index: number) => string): string {
  let result = url;
  // Last first, so the earlier offsets stay good.
  for (let index = secrets.length - 1; index >= 0; index--) {
    const secret = secrets[index]!;
    result = result.slice(0, secret.start) + by(secret, index) + result.slice(secret.end);
  }
  return result;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}
