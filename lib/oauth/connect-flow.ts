import { randomBytes } from "node:crypto";

import {
  discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, exchangeAuthorization, extractWWWAuthenticateParams, IssuerMismatchError, OAuthError, resourceUrlFromServerUrl,
  selectResourceURL, startAuthorization, type FetchLike, type OAuthClientProvider,
} from "@modelcontextprotocol/client";

import type { Principal } from "../auth/principal";
import { ConflictError, ForbiddenError, InvalidInputError, UnresolvableError, UpstreamOAuthError } from "../errors";
import { assertKnownEnvironment } from "../registry/known-environments";
import { getServer } from "../registry/servers";
import { resolveServer } from "../resolve/resolve-server";
import { scrubSecrets, scrubThenCut } from "../resolve/scrub";
import type { ServerInput } from "../schemas/server";
import type { OAuthServerAuth } from "../schemas/server-auth";
import { loadResolveContext } from "../variables/resolve-context";
import { CALLBACK_PATH, clientIdentity, clientSecretsOf, publicBaseUrl } from "./client-identity";
import { oauthFetch, unreachableReason } from "./oauth-fetch";
import { connectionPerson, readConnection, savePending, splitScopes, takePending, writeConnection, type ConnectionKey, type ConnectionMode } from "./oauth-store";
import { forgetCachedAuthorization } from "./upstream-bearer";

type OAuthServer = { id: number; server: ServerInput; auth: OAuthServerAuth; mode: ConnectionMode };

/**
 * The server, if it signs in with OAuth; the caller may act on its connection (admin for `shared`, the person for
 * `per_user`: theirs, by identity — connectionPerson — never another's of the same name).
 */
export async function loadOAuthServer(name: string, principal: Principal): Promise<OAuthServer & { person: string }> {
  const { id, created_at: _c, modified_at: _m, revision: _r, ...server } = await getServer(name);
  const auth = server.auth;
  if (auth?.type !== "oauth") throw new ConflictError(`MCP server '${name}' does not sign in with OAuth (its auth.type is not "oauth").`);
  const mode = auth.mode ?? "shared";
  if (mode === "shared" && principal.role !== "admin") throw new ForbiddenError(`Only an admin connects or disconnects the shared OAuth connection of '${name}'.`);
  return { id, server: server as ServerInput, auth, mode, person: mode === "per_user" ? connectionPerson(principal) : "" };
}

/**
 * POST …/oauth/connect (DESIGN §17): discovers the server's authorization server (RFC 9728 from its
 * `WWW-Authenticate` challenge, else the well-known path; RFC 8414 / OIDC metadata), picks the resource (RFC 8707)
 * and scopes (the challenge's, else `scopes_supported`, else `auth.scopes`), identifies Patchbay, and starts an
 * authorization code flow with PKCE S256 whose state only its starter may finish, once, within 10 minutes.
 */
export async function startConnect(name: string, environment: string | undefined, principal: Principal, requestUrl: string): Promise<{ authorization_url: string }> {
  const target = await loadOAuthServer(name, principal);
  await assertKnownEnvironment(environment);
  const context = await loadResolveContext(environment, { mask: false });
  const resolution = resolveServer(target.server, context, { runtime: target.server.health_parameters ?? {} });
  if (!resolution.ok) throw new UnresolvableError(`MCP server '${name}' cannot be resolved in '${context.environment}'.`, resolution.errors);
  const { config } = resolution;
  if (config.type === "stdio") throw new ConflictError(`MCP server '${name}' runs over stdio: OAuth is for servers reached over HTTP.`);

  const key: ConnectionKey = { serverId: target.id, environment: context.environment, person: target.person };
  const fetchFn = oauthFetch();
  const challenge = await readChallenge(config.url, config.headers, fetchFn);
  const { authorizationServerUrl, metadata, resourceMetadata } = await discover(name, config.url, challenge.resourceMetadataUrl, fetchFn);

  const resource = await resourceFor(config.url, resourceMetadata).catch(async (error: unknown) => {
    const reason = `the protected-resource metadata does not name this server: ${(error as Error).message.slice(0, 300)}`;
    await writeConnection(key, { mode: target.mode, status: "refused", reason });
    throw new UpstreamOAuthError(`MCP server '${name}': ${reason}`);
  });
  const existing = await readConnection(key);
  // SEP-2350: connecting again keeps what was granted and adds what the server asked for since (step-up).
  const scope = joinScopes([
    ...splitScopes(challenge.scope ?? joinScopes(resourceMetadata?.scopes_supported) ?? joinScopes(target.auth.scopes)),
    ...(existing?.stepUpScopes ? [...splitScopes(existing.scopes), ...splitScopes(existing.stepUpScopes)] : []),
  ]);
  const baseUrl = publicBaseUrl(requestUrl);
  const registered = existing?.client && existing.issuer === metadata.issuer && !target.auth.client ? existing.client : null;
  const client = await clientIdentity({ serverName: name, auth: target.auth, context, baseUrl, authorizationServerUrl, metadata, scope, fetchFn, registered });

  const state = randomBytes(32).toString("base64url");
  const redirectUri = `${baseUrl}${CALLBACK_PATH}`;
  const { authorizationUrl, codeVerifier } = await startAuthorization(authorizationServerUrl, { metadata, clientInformation: client, redirectUrl: redirectUri, scope, state, resource });
  await savePending(state, key, connectionPerson(principal), {
    serverName: name, mode: target.mode, codeVerifier, redirectUri, resource: resource ?? null, scope: scope ?? null, authorizationServerUrl, metadata, client,
  });
  return { authorization_url: authorizationUrl.href };
}

export type CallbackQuery = { code?: string; state?: string; iss?: string; error?: string; error_description?: string };

/**
 * GET /oauth/callback (DESIGN §17): takes the state (single use, its starter only, 10 minutes), checks `iss`
 * (RFC 9207) and redeems the code with the PKCE verifier and the resource; the connection records the outcome —
 * connected, or refused with the reason — and the browser goes back to the server's page saying which.
 */
export async function finishCallback(query: CallbackQuery, principal: Principal): Promise<string> {
  if (!query.state) throw new InvalidInputError("The callback carries no state.", [{ path: "/state", message: "is required" }]);
  const pending = await takePending(query.state, connectionPerson(principal));
  if (pending.kind === "not_yours") throw new ForbiddenError("This authorization was started by someone else: only they may finish it.");
  if (pending.kind === "expired") throw new InvalidInputError("This authorization expired (10 minutes): connect again.", [{ path: "/state", message: "has expired" }]);
  if (pending.kind === "unknown") throw new InvalidInputError("Unknown or already used state: connect again.", [{ path: "/state", message: "is unknown or already used" }]);

  const { key, flow } = pending;
  const page = (outcome: string) => `/mcp-servers/${encodeURIComponent(flow.serverName)}?environment=${encodeURIComponent(key.environment)}&oauth=${outcome}`;
  // A viewer reads the reason: whatever the authorization server quotes back of the client secret is scrubbed, then cut (DESIGN §14).
  const secrets = clientSecretsOf(flow.client);
  const quote = (text: string, maxChars: number) => scrubThenCut(text, secrets, maxChars);
  const refuse = async (reason: string) => {
    await writeConnection(key, { mode: flow.mode, status: "refused", reason: quote(reason, 500) });
    forgetCachedAuthorization();
    return page("refused");
  };
  if (query.error) return refuse(`the authorization server answered ${query.error}${query.error_description ? `: ${quote(query.error_description, 300)}` : ""}`);
  if (!query.code) throw new InvalidInputError("The callback carries neither a code nor an error.", [{ path: "/code", message: "is required" }]);

  try {
    const tokens = await exchangeAuthorization(flow.authorizationServerUrl, {
      metadata: flow.metadata ?? undefined, clientInformation: flow.client, authorizationCode: query.code, iss: query.iss,
      codeVerifier: flow.codeVerifier, redirectUri: flow.redirectUri, resource: flow.resource ?? undefined, fetchFn: oauthFetch(),
    });
    await writeConnection(key, {
      mode: flow.mode, status: "connected", reason: null, connectedBy: principal.name,
      tokens: {
        accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null, scopes: tokens.scope ?? flow.scope,
        expiresAt: tokens.expires_in !== undefined ? new Date(Date.now() + tokens.expires_in * 1000) : null,
      },
      issuer: flow.metadata?.issuer ?? flow.authorizationServerUrl, metadata: flow.metadata, resource: flow.resource, client: flow.client,
    });
    forgetCachedAuthorization();
    return page("connected");
  } catch (error) {
    if (error instanceof IssuerMismatchError) {
      return refuse(`the authorization response names issuer ${JSON.stringify(error.received ?? null)}, not ${error.expected} (RFC 9207): possible mix-up, nothing redeemed`);
    }
    if (error instanceof OAuthError) return refuse(`the token request was refused: ${error.code}${error.message ? ` (${quote(error.message, 200)})` : ""}`);
    const existing = await readConnection(key);
    await writeConnection(key, { mode: flow.mode, status: existing?.status === "connected" ? "connected" : "never", reason: scrubSecrets(`the authorization server could not be reached: ${unreachableReason(error)}`, secrets) });
    return page("failed");
  }
}

/**
 * RFC 9728 (the challenge's `resource_metadata`, else the well-known path), then RFC 8414 / OpenID Connect discovery
 * of the first authorization server it names; a server without protected-resource metadata is its own (the SDK's
 * fallback). Each failure says which document could not be had.
 */
async function discover(name: string, serverUrl: string, resourceMetadataUrl: URL | undefined, fetchFn: FetchLike) {
  const resourceMetadata = await discoverOAuthProtectedResourceMetadata(serverUrl, resourceMetadataUrl ? { resourceMetadataUrl } : {}, fetchFn).catch((error: unknown) => {
    if (resourceMetadataUrl) throw new UpstreamOAuthError(`The protected-resource metadata of '${name}' at ${resourceMetadataUrl.href} could not be read: ${unreachableReason(error)}`);
    return undefined;
  });
  const authorizationServerUrl = resourceMetadata?.authorization_servers?.[0] ?? new URL(serverUrl).origin;
  const metadata = await discoverAuthorizationServerMetadata(authorizationServerUrl, { fetchFn }).catch((error: unknown) => {
    throw new UpstreamOAuthError(`The authorization server ${authorizationServerUrl} of '${name}' could not be reached: ${unreachableReason(error)}`);
  });
  if (!metadata) throw new UpstreamOAuthError(`The authorization server ${authorizationServerUrl} of '${name}' publishes no metadata (RFC 8414 / OpenID Connect discovery).`);
  return { authorizationServerUrl, metadata, resourceMetadata };
}

/**
 * Requests without a token, as any client's first: the 401 challenge may name the metadata and the scopes (RFC
 * 9728, RFC 6750). A server that lets anyone initialize challenges the first request after it, `tools/list`; a
 * 2026-07-28 server that refuses `initialize` challenges its first request, `server/discover`.
 */
async function readChallenge(url: string, headers: Record<string, string> | undefined, fetchFn: FetchLike) {
  const withoutAuthorization = Object.fromEntries(Object.entries(headers ?? {}).filter(([header]) => header.toLowerCase() !== "authorization"));
  const post = async (message: object, session: Record<string, string> = {}) => {
    const response = await fetchFn(url, {
      method: "POST", body: JSON.stringify({ jsonrpc: "2.0", ...message }),
      headers: { ...withoutAuthorization, ...session, "content-type": "application/json", accept: "application/json, text/event-stream" },
    });
    await response.body?.cancel().catch(() => {});
    return response;
  };
  const challengeOf = (response: Response) => (response.status === 401 || response.status === 403 ? extractWWWAuthenticateParams(response) : null);
  try {
    const initialized = await post({ id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "patchbay", version: "1.0.0" } } });
    const refused = challengeOf(initialized);
    if (refused) return refused;
    if (!initialized.ok) return challengeOf(await post({ id: 1, method: "server/discover", params: {} }, { "mcp-protocol-version": "2026-07-28" })) ?? {};
    const sessionId = initialized.headers.get("mcp-session-id");
    const session: Record<string, string> = { "mcp-protocol-version": "2025-11-25", ...(sessionId ? { "mcp-session-id": sessionId } : {}) };
    await post({ method: "notifications/initialized" }, session);
    return challengeOf(await post({ id: 1, method: "tools/list", params: {} }, session)) ?? {};
  } catch (error) {
    throw new UpstreamOAuthError(`The MCP server at ${url} could not be reached: ${unreachableReason(error)}`);
  }
}

/** RFC 8707: the metadata's `resource` as written when it covers the server's URL (refused otherwise), else the server's URL. */
async function resourceFor(serverUrl: string, metadata: Parameters<typeof selectResourceURL>[2]): Promise<string> {
  const selected = await selectResourceURL(serverUrl, {} as OAuthClientProvider, metadata);
  if (metadata?.resource) return metadata.resource;
  return (selected ?? resourceUrlFromServerUrl(serverUrl)).href;
}

function joinScopes(scopes: readonly string[] | undefined): string | undefined {
  return scopes && scopes.length > 0 ? [...new Set(scopes)].join(" ") : undefined;
}
