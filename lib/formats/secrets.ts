import { replaceUrlSecrets } from "../resolve/url-secrets";
import { isPlainObject } from "../schemas/server-fields";
import { isLiteralSecret, splitReferences } from "../schemas/secrets";
import { toEnvName } from "./names";

/**
 * A copy of `server` whose literal secrets in `env`/`headers` (of the transport and of every environment)
 * are `${SERVER_KEY}` placeholders (`${SERVER_PRODUCTION_KEY}` in an environment); an auth scheme such as
 * `Bearer ` is kept in front, and so are the references of a value that has some (withPlaceholders). So are those
 * of its `url` (lib/resolve/url-secrets.ts): `${SERVER_URL_PASSWORD}`, `${SERVER_URL_QUERY_API_KEY}`. The
 * placeholder is then filled from the registry's or the runner's environment.
 */
export function replaceLiteralSecrets(server: Record<string, unknown>): Record<string, unknown> {
  const name = String(server.name);
  const copy = { ...server };
  if (isPlainObject(copy.transport)) copy.transport = replaceInTransport(copy.transport, name);
  if (isPlainObject(copy.environments)) {
    copy.environments = Object.fromEntries(
      Object.entries(copy.environments).map(([environment, override]) => [
        environment,
        isPlainObject(override) ? replaceInTransport(override, `${name}_${environment}`) : override,
      ]),
    );
  }
  return copy;
}

function replaceInTransport(transport: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const copy = { ...transport };
  if (typeof copy.url === "string") copy.url = replaceUrlSecrets(copy.url, ({ place, value }) => urlSecretPlaceholder(prefix, place, value));
  for (const field of ["env", "headers"] as const) {
    const map = copy[field];
    if (!isPlainObject(map)) continue;
    copy[field] = Object.fromEntries(
      Object.entries(map).map(([key, value]) => [key, isLiteralSecret(key, value) ? secretPlaceholder(prefix, key, value as string) : value]),
    );
  }
  return copy;
}

/** What takes the place of the literal secret `value` of the env or header `key` (withPlaceholders): `Bearer ${DOCS_AUTHORIZATION}`. */
export function secretPlaceholder(prefix: string, key: string, value: string): string {
  return withPlaceholders(value, toEnvName(`${prefix}_${key}`));
}

/** What takes the place of a URL's literal secret `value` at `place` (UrlSecret): `${DOCS_URL_PASSWORD}`, `${DOCS_URL_QUERY_API_KEY}`. */
export function urlSecretPlaceholder(prefix: string, place: string, value: string): string {
  return withPlaceholders(value, toEnvName(`${prefix}_url_${place}`));
}

/** The separators around a literal part's value (`-` in `${TENANT}-sk-1`), which stay as written. */
const AROUND_VALUE = /^([^\p{L}\p{N}]*)([\s\S]*?)([^\p{L}\p{N}]*)$/u;

/**
 * `value` with its literal secret replaced by `${NAME}`, its auth scheme kept: `Bearer sk-1` → `Bearer ${NAME}`. A
 * value that also holds references keeps them, since the variable could not stand for them: each literal part
 * (lib/schemas/secrets.ts) is replaced instead, the separators around it kept — `${TENANT}-sk-live-1` →
 * `${TENANT}-${NAME}`, the variable to hold `sk-live-1` — a second part by `${NAME_1}`, and so on.
 */
function withPlaceholders(value: string, name: string): string {
  const { scheme, pieces } = splitReferences(value);
  if (!pieces.some((piece) => piece.reference)) return `${scheme}\${${name}}`;
  let replaced = 0;
  const replace = (text: string) => {
    const [, before, , after] = AROUND_VALUE.exec(text)!;
    const placeholder = replaced === 0 ? name : `${name}_${replaced}`;
    replaced += 1;
    return `${before}\${${placeholder}}${after}`;
  };
  return scheme + pieces.map((piece) => (piece.literal ? replace(piece.text) : piece.text)).join("");
}

/** The `${VAR}` names in `after` that `before` did not have: what replaceLiteralSecrets introduced, sorted. */
export function introducedPlaceholders(before: unknown, after: unknown): string[] {
  const had = new Set(placeholderNames(before));
  return [...new Set(placeholderNames(after))].filter((name) => !had.has(name)).sort();
}

function placeholderNames(value: unknown): string[] {
  if (typeof value === "string") return [...value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]);
  if (Array.isArray(value)) return value.flatMap(placeholderNames);
  if (isPlainObject(value)) return Object.values(value).flatMap(placeholderNames);
  return [];
}
