import { createPublicKey, createVerify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import Provider, { errors } from "oidc-provider";

import { freePort } from "../../lib/mcp/test-peers";

export const MCP_SCOPE = "mcp:tools";
/** The scope the guarded server's `write_note` needs beyond MCP_SCOPE: a step-up (RFC 6750 insufficient_scope). */
export const WRITE_SCOPE = "mcp:write";

/** What the next interaction answers: sign alice in and consent, or refuse as a user clicking "Deny". */
export type Decision = "allow" | "deny";

export type AuthorizationServer = {
  issuer: string;
  provider: Provider;
  decision: Decision;
  /** Who the next interaction signs in (the access token's subject): alice unless a test says otherwise. */
  account: string;
  /** Refresh tokens the provider issued (their values), oldest first; and those consumed by a rotation. */
  refreshTokens: string[];
  consumedRefreshTokens: string[];
  accessTokens: string[];
  grants: { refresh: number; code: number };
  stop(): Promise<void>;
};

/**
 * A real OAuth 2.1 authorization server: oidc-provider with resource indicators (RFC 8707: JWT access tokens whose
 * audience is the one resource it knows), PKCE required, refresh tokens issued and rotated, revocation (RFC 7009),
 * Dynamic Client Registration and a tiny headless interaction (POST /interaction/<uid> signs alice in, or refuses,
 * as `decision` says). `resource` is the MCP server's URL; `accessTokenTtlS` short, so tokens expire in a test;
 * `clients` are pre-registered ones. `clientIdMetadataDocuments`: the server also takes https client ids whose
 * metadata document it fetches (CIMD, draft-02) with the `fetch` given (one that trusts a test certificate: oidc-provider's
 * own refuses loopback addresses), and Dynamic Client Registration is off.
 */
export async function startAuthorizationServer(options: {
  resource: () => string; accessTokenTtlS: number; clients?: Record<string, unknown>[]; clientIdMetadataDocuments?: { fetch: typeof fetch };
}): Promise<AuthorizationServer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    scopes: ["openid", "offline_access", MCP_SCOPE, WRITE_SCOPE],
    clients: options.clients ?? [],
    pkce: { required: () => true },
    issueRefreshToken: async () => true,
    rotateRefreshToken: () => true,
    findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
    interactions: { url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: { AccessToken: options.accessTokenTtlS, RefreshToken: 3600, Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60 },
    ...(options.clientIdMetadataDocuments ? { fetch: (url: string, { dispatcher: _loopbackGuard, ...init }: RequestInit & { dispatcher?: unknown }) => options.clientIdMetadataDocuments!.fetch(url, init) } : {}),
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: !options.clientIdMetadataDocuments },
      ...(options.clientIdMetadataDocuments ? { clientIdMetadataDocument: { enabled: true, ack: "draft-02" } } : {}),
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string) => oneOf ?? options.resource(),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
          if (indicator !== options.resource()) throw new errors.InvalidTarget();
          return { scope: `${MCP_SCOPE} ${WRITE_SCOPE}`, audience: indicator, accessTokenTTL: options.accessTokenTtlS, accessTokenFormat: "jwt", jwt: { sign: { alg: "RS256" } } };
        },
      },
    },
  });
  const server: AuthorizationServer = {
    issuer, provider, decision: "allow", account: "alice", refreshTokens: [], consumedRefreshTokens: [], accessTokens: [], grants: { refresh: 0, code: 0 },
    stop: async () => {},
  };
  provider.on("refresh_token.saved", (token: { jti: string }) => void server.refreshTokens.push(token.jti));
  provider.on("refresh_token.consumed", (token: { jti: string }) => void server.consumedRefreshTokens.push(token.jti));
  provider.on("grant.success", (ctx: { oidc: { params?: { grant_type?: string } }; body?: { access_token?: string } }) => {
    if (ctx.oidc.params?.grant_type === "refresh_token") server.grants.refresh++;
    if (ctx.oidc.params?.grant_type === "authorization_code") server.grants.code++;
    if (ctx.body?.access_token) server.accessTokens.push(ctx.body.access_token);
  });

  const callback = provider.callback();
  const http_ = http.createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)$/.exec(req.url ?? "");
    if (!match) return void callback(req, res);
    if (req.method === "GET") return void res.writeHead(200, { "content-type": "text/html" }).end(`<form method="post"><button>Continue</button></form>`);
    req.resume();
    req.on("end", () => void interact(provider, server, req, res).catch((error: Error) => res.writeHead(500).end(error.message)));
  });
  await new Promise<void>((resolve) => http_.listen(port, "127.0.0.1", resolve));
  server.stop = () => new Promise((resolve) => { http_.closeAllConnections(); http_.close(() => resolve()); });
  return server;
}

async function interact(provider: Provider, server: AuthorizationServer, req: http.IncomingMessage, res: http.ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (server.decision === "deny") {
    return provider.interactionFinished(req, res, { error: "access_denied", error_description: "alice said no" }, { mergeWithLastSubmission: false });
  }
  if (details.prompt.name === "login") return provider.interactionFinished(req, res, { login: { accountId: server.account } }, { mergeWithLastSubmission: false });
  const grant = details.grantId ? (await provider.Grant.find(details.grantId))! : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(" "));
  const grantId = await grant.save();
  return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/**
 * A browser without JavaScript: follows the authorization URL's redirects with the authorization server's cookies,
 * submits its interaction form, and stops at the first URL under `stopAt` (Patchbay's callback, returned, not yet
 * requested).
 */
export async function consentAsBrowser(authorizationUrl: string, stopAt: string): Promise<{ url: URL }> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let method = "GET";
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(stopAt)) return { url: new URL(url) };
    const response = await fetch(url, { method, redirect: "manual", headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await response.text();
    if ([302, 303, 307].includes(response.status)) {
      url = new URL(response.headers.get("location")!, url).href;
      method = "GET";
      continue;
    }
    if (response.status === 200 && new URL(url).pathname.startsWith("/interaction/")) {
      method = "POST";
      continue;
    }
    throw new Error(`the authorization server answered ${response.status} at ${url}`);
  }
  throw new Error("too many hops");
}

export type ProtectedMcpServer = {
  url: string;
  /** An MCP path whose protected-resource metadata names another resource (RFC 8707 / RFC 9728 mismatch). */
  mismatchUrl: string;
  /** An MCP path whose metadata names an authorization server nobody runs. */
  orphanUrl: string;
  /** Every bearer token it accepted, and every request it refused with 401. */
  accepted: string[];
  refused: number;
  /** Tokens it no longer accepts though they verify (as if revoked): refused with 401 `invalid_token`. */
  distrusted: Set<string>;
  stop(): Promise<void>;
};

/**
 * An MCP server (SDK 1.x, stateless streamable HTTP) guarded by `issuer`: without a valid JWT access token whose
 * audience is its own URL it answers 401 with `WWW-Authenticate: Bearer resource_metadata=…, scope=…`; it serves
 * its RFC 9728 metadata; its tool `whoami` answers the token's subject, its prompt `greeting` greets it (both quote
 * the token too when asked `quote_token`) and its resource `guarded://me` names it.
 */
export async function startProtectedMcpServer(issuer: () => string, deadIssuer: string): Promise<ProtectedMcpServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/mcp`;
  const peer: ProtectedMcpServer = { url, mismatchUrl: `${base}/mismatch`, orphanUrl: `${base}/orphan`, accepted: [], refused: 0, distrusted: new Set(), stop: async () => {} };
  const metadataOf = (resource: string) => ({ resource, authorization_servers: [issuer()], scopes_supported: [MCP_SCOPE], bearer_methods_supported: ["header"] });

  const server = http.createServer((req, res) => void (async () => {
    const path = (req.url ?? "").split("?")[0];
    if (path === "/.well-known/oauth-protected-resource/mcp") return json(res, 200, metadataOf(url));
    if (path === "/.well-known/oauth-protected-resource/mismatch") return json(res, 200, metadataOf(`${base}/not-this-server`));
    if (path === "/.well-known/oauth-protected-resource/orphan") return json(res, 200, { ...metadataOf(`${base}/orphan`), authorization_servers: [deadIssuer] });
    if (path !== "/mcp" && path !== "/mismatch" && path !== "/orphan") return json(res, 404, {});
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const claims = token ? await verifiedClaims(token, issuer(), url) : null;
    const metadataParameter = `resource_metadata="${base}/.well-known/oauth-protected-resource${path}"`;
    if (!claims || peer.distrusted.has(token!)) {
      peer.refused++;
      req.resume();
      const error = claims ? `, error="invalid_token", error_description="the token was revoked"` : "";
      res.writeHead(401, { "WWW-Authenticate": `Bearer ${metadataParameter}, scope="${MCP_SCOPE}"${error}` });
      return void res.end();
    }
    const body = await readJson(req);
    if (body?.method === "tools/call" && body.params?.name === "write_note" && !claims.scopes.includes(WRITE_SCOPE)) {
      res.writeHead(403, { "WWW-Authenticate": `Bearer ${metadataParameter}, error="insufficient_scope", scope="${WRITE_SCOPE}", error_description="writing needs ${WRITE_SCOPE}"` });
      return void res.end();
    }
    peer.accepted.push(token!);
    const mcp = new Server({ name: "guarded", version: "1.0.0" }, { capabilities: { tools: {}, prompts: {}, resources: {} } });
    mcp.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [
        { name: "whoami", description: "Who signed in", inputSchema: { type: "object", properties: {} } },
        { name: "write_note", description: `Writes a note (needs ${WRITE_SCOPE})`, inputSchema: { type: "object", properties: {} } },
      ],
    }));
    // Asked `quote_token`, whoami and greeting quote the token they were sent, as a careless server would.
    const quoted = (request: { params: { arguments?: Record<string, unknown> } }) => (request.params.arguments?.quote_token ? ` with Bearer ${token}` : "");
    mcp.setRequestHandler(CallToolRequestSchema, async (request) => ({
      content: [{ type: "text", text: request.params.name === "write_note" ? `note written for ${claims.subject}` : `signed in as ${claims.subject}${quoted(request)}` }],
    }));
    mcp.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [{ name: "greeting", description: "Greets who signed in" }] }));
    mcp.setRequestHandler(GetPromptRequestSchema, async (request) => ({ messages: [{ role: "user", content: { type: "text", text: `hello ${claims.subject}${quoted(request)}` } }] }));
    mcp.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [{ uri: "guarded://me", name: "me" }] }));
    mcp.setRequestHandler(ReadResourceRequestSchema, async (request) => ({ contents: [{ uri: request.params.uri, text: `you are ${claims.subject}` }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await mcp.connect(transport);
    res.on("close", () => void mcp.close());
    await transport.handleRequest(req, res, body);
  })().catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  peer.stop = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return peer;
}

async function readJson(req: http.IncomingMessage): Promise<{ method?: string; params?: { name?: string } } | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : undefined;
}

/** RS256 JWT access token (RFC 9068) from `issuer`, for `audience`, not expired: its subject and scopes; null otherwise. */
async function verifiedClaims(token: string, issuer: string, audience: string): Promise<{ subject: string; scopes: string[] } | null> {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return null;
  const { kid, alg } = JSON.parse(Buffer.from(header, "base64url").toString()) as { kid?: string; alg?: string };
  if (alg !== "RS256") return null;
  const { jwks_uri } = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json() as { jwks_uri: string };
  const { keys } = await (await fetch(jwks_uri)).json() as { keys: (JsonWebKey & { kid?: string })[] };
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return null;
  const isSigned = createVerify("RSA-SHA256").update(`${header}.${payload}`).verify(createPublicKey({ key: jwk as import("node:crypto").JsonWebKey, format: "jwk" }), Buffer.from(signature, "base64url"));
  if (!isSigned) return null;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { iss?: string; aud?: string | string[]; exp?: number; sub?: string; scope?: string };
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== issuer || !audiences.includes(audience) || !claims.exp || claims.exp * 1000 <= Date.now() || !claims.sub) return null;
  return { subject: claims.sub, scopes: (claims.scope ?? "").split(" ").filter(Boolean) };
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

export type { AddressInfo };
