import { checkResourceAllowed, OAuthError, refreshAuthorization } from "@modelcontextprotocol/client";

import { tryAcquireLease, releaseLease } from "../data/lease";
import type { ResolvedConfig } from "../resolve/types";
import type { ServerAuth } from "../schemas/server-auth";
import { processSlot } from "../runtime/runtime";
import { oauthFetch, unreachableReason } from "./oauth-fetch";
import { expireConnection, findConnectionKey, readConnection, writeConnection, type OpenConnection } from "./oauth-store";

/** A token this close to its expiry is refreshed before it is sent. */
export const EXPIRY_SKEW_MS = 30_000;
/** How long a connection read is trusted: the health worker and other instances write connections too. */
const CACHE_MS = 5_000;
const REFRESH_LEASE_MS = 30_000;

type Known = { token: string; resource: string | null; expiresAt: number | null } | null;
type State = { known: Map<string, { value: Known; readAt: number }>; refreshing: Map<string, Promise<Known>> };

const state = processSlot("oauth.upstreamBearer", (): State => ({ known: new Map(), refreshing: new Map() }));

/** After a connect, a refresh or a disconnect in this process: the next call reads the connection again. */
export function forgetCachedAuthorization(): void {
  state.known.clear();
}

/**
 * The config to connect with (DESIGN §17): for a server that signs in with OAuth, with `Authorization: Bearer
 * <access token>` of its connection in `environment` when there is one and the URL is the resource the token was
 * issued for (RFC 8707), refreshed first when it is expired or about to be. `secrets` gains the token, so whatever
 * the server echoes is scrubbed of it. Unchanged for any other server, without looking for a connection, and when
 * there is no usable connection: the server then answers 401 (`auth_required`).
 * A `per_user` server is called with the connection of `person` alone (the caller's connectionPerson, their identity,
 * as connect-flow.ts keys it): never the shared one, never another person's, whatever their names. Without a person (a
 * probe, Test) it gets no token; with one who has no usable connection, `connectRequired` says so and nothing should be
 * sent.
 */
export async function withUpstreamAuth(server: { name: string; auth?: ServerAuth }, environment: string, config: ResolvedConfig, secrets: readonly string[], person?: string): Promise<Authorized> {
  if (server.auth?.type !== "oauth" || config.type === "stdio") return { config, secrets };
  const isPerUser = server.auth.mode === "per_user";
  if (isPerUser && !person) return { config, secrets };
  const known = await bearerFor(server.name, environment, isPerUser ? person! : "", config.url);
  if (!known) return isPerUser ? { config, secrets, connectRequired: true } : { config, secrets };
  const headers = Object.fromEntries(Object.entries(config.headers ?? {}).filter(([name]) => name.toLowerCase() !== "authorization"));
  return {
    config: { ...config, headers: { ...headers, Authorization: `Bearer ${known.token}` } }, secrets: [...secrets, known.token], bearer: known.token,
    ...(isPerUser ? { person } : {}),
  };
}

/**
 * The config to connect with; `bearer` is the access token it carries, if any: a refusal of it is noted on its
 * connection (upstream-refusal.ts), the `person`'s for a `per_user` server. `connectRequired`: a `per_user` server
 * whose caller has no usable connection of their own — the call must not go out.
 */
export type Authorized = { config: ResolvedConfig; secrets: readonly string[]; bearer?: string; person?: string; connectRequired?: true };

/**
 * The access token of the server's `shared` connection in `environment`, refreshed first when it is due, if it
 * was issued for `url` (RFC 8707); null otherwise. For sending upstream or to a runner, never for a log line.
 */
export function sharedBearer(server: string, environment: string, url: string): Promise<{ token: string; expiresAt: number | null } | null> {
  return bearerFor(server, environment, "", url);
}

/** The access token of `person`'s connection ("" for the shared one), as sharedBearer's. */
async function bearerFor(server: string, environment: string, person: string, url: string): Promise<{ token: string; expiresAt: number | null } | null> {
  const known = await currentToken(server, environment, person);
  if (!known) return null;
  if (known.resource && !checkResourceAllowed({ requestedResource: url, configuredResource: known.resource })) return null;
  return { token: known.token, expiresAt: known.expiresAt };
}

async function currentToken(server: string, environment: string, person: string): Promise<Known> {
  const cacheKey = JSON.stringify([server, environment, person]);
  const cached = state.known.get(cacheKey);
  const now = Date.now();
  if (cached && now - cached.readAt < CACHE_MS && !isDue(cached.value, now)) return cached.value;

  const key = await findConnectionKey(server, environment, person);
  const connection = key ? await readConnection(key) : null;
  let value = knownOf(connection);
  if (connection && isDue(value, now) && connection.refreshToken) value = await refreshOnce(cacheKey, connection);
  else if (isDue(value, now)) value = null;
  state.known.set(cacheKey, { value, readAt: Date.now() });
  return value;
}

function knownOf(connection: OpenConnection | null): Known {
  if (!connection?.accessToken) return null;
  return { token: connection.accessToken, resource: connection.resource, expiresAt: connection.expiresAt?.getTime() ?? null };
}

function isDue(known: Known, now: number): boolean {
  return known !== null && known.expiresAt !== null && known.expiresAt - EXPIRY_SKEW_MS <= now;
}

/** One refresh at a time per connection in this process (single flight), and across processes under a lease. */
function refreshOnce(cacheKey: string, connection: OpenConnection): Promise<Known> {
  const running = state.refreshing.get(cacheKey);
  if (running) return running;
  const started = refresh(connection).finally(() => state.refreshing.delete(cacheKey));
  state.refreshing.set(cacheKey, started);
  return started;
}

async function refresh(stale: OpenConnection): Promise<Known> {
  const { key } = stale;
  const lease = `oauth-refresh:${key.serverId}:${key.environment}:${key.person}`;
  const holder = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  if (!(await tryAcquireLease(lease, holder, REFRESH_LEASE_MS))) return null; // another process refreshes it now
  try {
    // Another process may have refreshed it since it was read: its rotated refresh token is the one to use.
    const connection = await readConnection(key);
    if (!connection?.refreshToken || !connection.client) return knownOf(connection);
    if (!isDue(knownOf(connection), Date.now())) return knownOf(connection);
    try {
      const tokens = await refreshAuthorization(connection.issuer ?? connection.metadata?.issuer ?? "", {
        metadata: connection.metadata ?? undefined, clientInformation: connection.client, refreshToken: connection.refreshToken,
        resource: connection.resource ?? undefined, fetchFn: oauthFetch(),
      });
      const expiresAt = tokens.expires_in !== undefined ? new Date(Date.now() + tokens.expires_in * 1000) : null;
      await writeConnection(key, {
        mode: connection.mode, status: "connected", reason: null,
        tokens: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? connection.refreshToken, scopes: tokens.scope ?? connection.scopes, expiresAt },
      });
      return { token: tokens.access_token, resource: connection.resource, expiresAt: expiresAt?.getTime() ?? null };
    } catch (error) {
      if (error instanceof OAuthError) {
        await expireConnection(key, `the refresh token was refused: ${error.code}; connect again`, { dropTokens: true });
      } else {
        await expireConnection(key, `refreshing failed, the authorization server could not be reached: ${unreachableReason(error)}`, { dropTokens: false });
      }
      return null;
    }
  } finally {
    await releaseLease(lease, holder);
  }
}
