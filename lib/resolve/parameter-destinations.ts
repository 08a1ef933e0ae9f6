import { SecretDestinationChangedError } from "../errors";
import { isLiteralSecret } from "../schemas/secrets";
import type { ServerInput } from "../schemas/server";
import { isPlainObject } from "../schemas/server-fields";
import { deepMerge } from "./deep-merge";
import { resolveServer, resolveTransport } from "./resolve-server";
import { MASK, type ParameterSources, type ResolvedConfig, type Resolution, type ResolveContext } from "./types";

/**
 * DESIGN §14 "Literal secrets stay where they were written", for parameters chosen at run time or in a reference:
 * the secrets `chosen` (the server resolved with someone's parameters) would carry to another destination than
 * the server resolved with its own parameters (`health_parameters`, then the schema's defaults) in the same
 * environment. A destination is the transport type plus the URL's origin, or the stdio command line. Named as the
 * write rule names them (`headers.Authorization`, `env.API_KEY`), plus `url`/`args` when a secret is in them and
 * `auth` for a server that signs in with OAuth (its access token goes along). Empty when nothing moves, when the
 * resolution carries no secret, or when `chosen` did not resolve (nothing connects then).
 */
export function secretsMovedByParameters(server: ServerInput, ctx: ResolveContext, chosen: Resolution): string[] {
  if (!chosen.ok) return [];
  const keys = secretKeysOf(server, ctx);
  if (keys.length === 0) return [];
  const own = resolveServer(server, ctx, ownParameters(server));
  return own.ok && destinationOfConfig(own.config) === destinationOfConfig(chosen.config) ? [] : keys;
}

/**
 * DESIGN §10, §14 for a write of the server itself: the values substituted from secrets (`${VAR}`) that `next` would
 * carry to another destination than `current` connected to, each resolved with its own parameters in `ctx`'s
 * environment. Literal secrets are movedLiteralSecrets' (a writer may type them anew); these no writer supplies.
 */
export function substitutedSecretsMoved(current: ServerInput, next: ServerInput, ctx: ResolveContext): string[] {
  const after = resolveServer(next, ctx, ownParameters(next));
  if (!after.ok) return [];
  const keys = secretKeysOf(next, ctx, { literals: false });
  if (keys.length === 0) return [];
  const before = resolveServer(current, ctx, ownParameters(current));
  return before.ok && destinationOfConfig(before.config) === destinationOfConfig(after.config) ? [] : keys;
}

/** Where a server connects when nobody chooses its parameters: what the scheduler probes. */
export function ownParameters(server: Pick<ServerInput, "health_parameters">): ParameterSources {
  return { runtime: server.health_parameters ?? {} };
}

/** Transport type plus the URL's origin (scheme, host, port), or the whole stdio command line. */
export function destinationOfConfig(config: ResolvedConfig): string {
  if (config.type === "stdio") return JSON.stringify(["stdio", config.command, config.args ?? []]);
  return JSON.stringify([config.type, originOf(config.url)]);
}

/**
 * Where a URL connects, for comparing destinations: its origin. A URL whose host is still a placeholder, or that
 * does not parse, compares by its scheme and host as written; the user and password are no part of where it connects.
 */
export function originOf(url: unknown): string | null {
  if (typeof url !== "string") return null;
  const written = (/^([^:/?#]+:)?(\/\/[^/?#]*)?/.exec(url)?.[0] ?? "").replace(/\/\/[^/?#]*@/, "//");
  if (/\$\{|\{\{/.test(written)) return written;
  try {
    return new URL(url).origin;
  } catch {
    return written;
  }
}

/**
 * The places of the server's config in `ctx`'s environment that carry a secret: a literal secret as written, or a
 * value substituted from a secret or the process environment (what resolution masks; a parameter's value is
 * inserted literally, never expanded, so the masked transport before parameters says it).
 */
function secretKeysOf(server: ServerInput, ctx: ResolveContext, { literals = true } = {}): string[] {
  const { config: masked } = resolveTransport(server, { ...ctx, mask: true });
  const written = writtenTransport(server, ctx.environment);
  const keys: string[] = [];
  const maps = masked.type === "stdio" ? { env: masked.env } : { headers: masked.headers };
  for (const [field, map] of Object.entries(maps)) {
    const writtenMap = isPlainObject(written[field]) ? written[field] : {};
    for (const [key, value] of Object.entries(map ?? {})) {
      if ((literals && isLiteralSecret(key, writtenMap[key])) || value.includes(MASK)) keys.push(`${field}.${key}`);
    }
  }
  if (masked.type !== "stdio" && masked.url.includes(MASK)) keys.push("url");
  if (masked.type === "stdio" && (masked.command.includes(MASK) || (masked.args ?? []).some((arg) => arg.includes(MASK)))) keys.push("args");
  if (literals && server.auth?.type === "oauth") keys.push("auth");
  return keys;
}

/** The transport as written for `environment`, as resolution merges it (§2 step 2). */
function writtenTransport(server: ServerInput, environment: string): Record<string, unknown> {
  const environments = server.environments ?? {};
  const override = Object.hasOwn(environments, environment) ? environments[environment] : undefined;
  const base = server.transport as Record<string, unknown>;
  return isPlainObject(override) ? deepMerge(base, override) : base;
}

/**
 * Refuses (409 `secret-destination-changed`, naming the keys) a connection whose chosen parameters would send the
 * server's secrets to another destination than its own parameters do, unless `readsSecrets` (runner, admin: they
 * may read those secrets anyway). Called before anything connects, so nothing is sent.
 */
export function assertSecretsStayWithParameters(server: ServerInput, ctx: ResolveContext, chosen: Resolution, readsSecrets: boolean): void {
  if (readsSecrets) return;
  const keys = secretsMovedByParameters(server, ctx, chosen);
  if (keys.length === 0) return;
  throw new SecretDestinationChangedError(keys,
    `These parameters would connect MCP server '${server.name}' to another destination than its own parameters do while sending its secrets (${keys.join(", ")}); only a caller who may read secrets (runner, admin) may send them elsewhere. Nothing was sent.`);
}
