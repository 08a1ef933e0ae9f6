import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { authedEnv } from "../support/authed-patchbay";
import { startEchoPeer } from "../support/echo-peer";
import { consentAsBrowser, MCP_SCOPE, startAuthorizationServer, startProtectedMcpServer, WRITE_SCOPE, type AuthorizationServer, type ProtectedMcpServer } from "../support/oauth-peers";
import { freePort } from "../../lib/mcp/test-peers";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";
import { waitUntil } from "../support/wait-until";

/**
 * DESIGN §17 end to end: Patchbay signs in to an MCP server guarded by a real OAuth 2.1 authorization server
 * (oidc-provider: resource indicators with JWT access tokens for the server's URL, PKCE required, refresh tokens
 * rotated, revocation, DCR). The consent is driven over HTTP as a browser would; nothing of Patchbay is mocked.
 */
const ADMIN_TOKEN = `pb-oauth-admin-${uniqueName("t")}`;
const ACCESS_TOKEN_TTL_S = 40;
/** upstream-bearer.ts refreshes a token this long before it expires. */
const REFRESH_SKEW_MS = 30_000;

let as: AuthorizationServer;
let mcp: ProtectedMcpServer;
let patchbay: PatchbayProcess;
let admin: ApiClient;
let runnerToken: string;
let otherAdminToken: string;
let deadIssuer: string;
let databaseUrl: string | undefined;
const server = uniqueName("guarded");
const STATIC_CLIENT = { client_id: "patchbay-static", client_secret: `static-secret-${uniqueName("s")}` };
const agent = uniqueName("guarded-agent");

beforeAll(async () => {
  deadIssuer = `http://127.0.0.1:${await freePort()}`;
  const port = await freePort();
  mcp = await startProtectedMcpServer(() => as.issuer, deadIssuer);
  as = await startAuthorizationServer({
    resource: () => mcp.url, accessTokenTtlS: ACCESS_TOKEN_TTL_S,
    // Registered beforehand, authenticating with client_secret_post only: a request authenticated otherwise is invalid_client.
    clients: [{ ...STATIC_CLIENT, redirect_uris: [`http://127.0.0.1:${port}/oauth/callback`], grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "client_secret_post" }],
  });
  // On the project's engine (api: SQLite, api-pg: PostgreSQL, which has no key file: tokens are sealed with this key).
  databaseUrl = await freshDatabaseUrl("upstream-oauth");
  // The public URL is the one the tests use, so the Client ID Metadata Document is served (it is only at that URL).
  patchbay = await startPatchbay({ databaseUrl, port, env: { ...authedEnv(ADMIN_TOKEN), PATCHBAY_SECRET_KEY: randomBytes(32).toString("base64"), PATCHBAY_PUBLIC_URL: `http://127.0.0.1:${port}` } });
  admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  runnerToken = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, uniqueName("runner"), "runner");
  otherAdminToken = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, uniqueName("other-admin"), "admin");
  expect((await admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: mcp.url }, auth: { type: "oauth" } }))).status).toBe(201);
  expect((await admin.post("/api/agents", { name: agent, description: "Calls the guarded server", mcp_servers: { guarded: server } })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
  await mcp?.stop();
  await as?.stop();
});

/** A browser's consent, stopping at Patchbay's callback (returned, not yet requested). */
function consent(authorizationUrl: string) {
  return consentAsBrowser(authorizationUrl, patchbay.baseUrl);
}

async function connect(name = server) {
  const started = await admin.post(`/api/mcp-servers/${name}/oauth/connect`, {});
  expect(started.status).toBe(200);
  return consent(started.body.authorization_url);
}

function callback(url: URL | string, token = ADMIN_TOKEN) {
  return fetch(url, { redirect: "manual", headers: { Authorization: `Bearer ${token}` } });
}

async function connectionOf(name = server) {
  const listed = await admin.get(`/api/mcp-servers/${name}/oauth`);
  expect(listed.status).toBe(200);
  return listed;
}

async function gatewayCall(tool = "whoami", through = agent, args: Record<string, unknown> = {}) {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/agents/${through}`, patchbay.baseUrl), { requestInit: { headers: { Authorization: `Bearer ${runnerToken}` } } }));
  try {
    return await client.callTool({ name: `guarded.${tool}`, arguments: args });
  } finally {
    await client.close();
  }
}

function everyToken(): string[] {
  return [...as.accessTokens, ...as.refreshTokens];
}

describe("a server's OAuth settings", () => {
  test("a client secret written as a literal, an unknown mode or auth method is refused naming the field", async () => {
    const literal = await admin.post("/api/mcp-servers", httpServer(uniqueName("bad-auth"), { auth: { type: "oauth", client: { client_id: "patchbay", client_secret: "hunter2" } } }));
    const mode = await admin.post("/api/mcp-servers", httpServer(uniqueName("bad-auth"), { auth: { type: "oauth", mode: "everyone" } }));
    const method = await admin.post("/api/mcp-servers", httpServer(uniqueName("bad-auth"), { auth: { type: "oauth", client: { client_id: "p", token_endpoint_auth_method: "private_key_jwt" } } }));

    for (const [response, path] of [[literal, "/auth/client/client_secret"], [mode, "/auth/mode"], [method, "/auth/client/token_endpoint_auth_method"]] as const) {
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect(JSON.stringify(literal.body)).not.toContain("hunter2");
  });

  test("a pre-registered client with a ${VAR} secret, scopes and mode are kept as written", async () => {
    const auth = { type: "oauth", mode: "shared", scopes: ["mcp:tools"], client: { client_id: "patchbay", client_secret: "${GUARDED_SECRET}", token_endpoint_auth_method: "client_secret_post" } };
    const name = uniqueName("preregistered");
    expect((await admin.post("/api/mcp-servers", httpServer(name, { auth }))).status).toBe(201);
    expect((await admin.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server.auth).toEqual(auth);
  });

  test("Patchbay's Client ID Metadata Document names its callback", async () => {
    const document = await apiClient(patchbay.baseUrl).get("/.well-known/oauth-client/patchbay.json");

    expect(document.status).toBe(200);
    expect(document.body).toMatchObject({
      client_id: `${patchbay.baseUrl}/.well-known/oauth-client/patchbay.json`, redirect_uris: [`${patchbay.baseUrl}/oauth/callback`],
      grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "none",
    });
  });
});

describe("connecting, using, refreshing and revoking", () => {
  test("before connecting, Test says auth_required and nothing is connected", async () => {
    const tested = await admin.post(`/api/mcp-servers/${server}/test`, {});

    expect(tested.body.status).toBe("auth_required");
    expect((await connectionOf()).body).toEqual({ connections: [] });
  });

  test("connect → consent → callback: connected, shown without any token, back to the server's page", async () => {
    const { url } = await connect();
    expect(url.pathname).toBe("/oauth/callback");
    expect(url.searchParams.get("iss")).toBe(as.issuer);
    const finished = await callback(url);

    expect(finished.status).toBe(303);
    expect(finished.headers.get("location")).toBe(`/mcp-servers/${server}?environment=development&oauth=connected`);
    const listed = await connectionOf();
    expect(listed.body.connections).toEqual([{
      environment: "development", mode: "shared", status: "connected", scopes: ["mcp:tools"], expires_at: expect.any(String),
      connected_by: "admin (PATCHBAY_ADMIN_TOKEN)", connected_at: expect.any(String), reason: null, step_up_scopes: [],
    }]);
    expect(as.accessTokens.length).toBe(1);
    for (const token of everyToken()) expect(listed.text).not.toContain(token);
  });

  test("Test connection turns the server healthy and a gateway tools/call works with the token", async () => {
    const tested = await admin.post(`/api/mcp-servers/${server}/test`, {});
    expect(tested.body).toMatchObject({ status: "healthy", tool_count: 2 });
    for (const token of everyToken()) expect(tested.text).not.toContain(token);

    const result = await gatewayCall();
    expect(result.content).toEqual([{ type: "text", text: "signed in as alice" }]);
    expect(mcp.accepted.at(-1)).toBe(as.accessTokens.at(-1));
  });

  test("a server quoting the access token it was sent: the gateway's answer carries it masked", async () => {
    const result = await gatewayCall("whoami", agent, { quote_token: true });

    expect(result.content).toEqual([{ type: "text", text: "signed in as alice with Bearer ••••" }]);
    expect(mcp.accepted.at(-1)).toBe(as.accessTokens.at(-1));
  });

  test("a server quoting the access token in a prompt: the gateway's prompts/get carries it masked", async () => {
    const client = new Client({ name: "oauth-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/agents/${agent}`, patchbay.baseUrl), { requestInit: { headers: { Authorization: `Bearer ${runnerToken}` } } }));
    try {
      const prompt = await client.getPrompt({ name: "guarded.greeting", arguments: { quote_token: "yes" } });

      expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "hello alice with Bearer ••••" } }]);
      expect(mcp.accepted.at(-1)).toBe(as.accessTokens.at(-1));
    } finally {
      await client.close();
    }
  });

  test("a runner's blueprint carries the shared connection as the server's Authorization with expires_at; a viewer's is masked", async () => {
    const connection = (await connectionOf()).body.connections[0];
    const runner = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${runnerToken}` });
    const viewer = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${await mintToken(patchbay.baseUrl, ADMIN_TOKEN, uniqueName("viewer"), "viewer")}` });

    const forRunner = await runner.get(`/api/agents/${agent}`);
    const forViewer = await viewer.get(`/api/agents/${agent}`);

    expect(forRunner.status).toBe(200);
    expect(forRunner.body.agent.mcp_servers.guarded).toEqual({
      type: "http", url: mcp.url, headers: { Authorization: `Bearer ${as.accessTokens.at(-1)}` }, expires_at: connection.expires_at,
    });
    expect(forViewer.status).toBe(200);
    expect(forViewer.body.agent.mcp_servers.guarded).toEqual({ type: "http", url: mcp.url, headers: { Authorization: "Bearer ••••" }, expires_at: connection.expires_at });
    for (const token of everyToken()) expect(forViewer.text).not.toContain(token);
  });

  test("the token goes only to the resource it was issued for: a server moved elsewhere gets no Authorization", async () => {
    const thief = await startEchoPeer();
    try {
      expect((await admin.patch(`/api/mcp-servers/${server}`, { transport: { type: "http", url: thief.url } })).status).toBe(200);
      await admin.post(`/api/mcp-servers/${server}/test`, {});

      expect(thief.requests.length).toBeGreaterThan(0);
      for (const headers of thief.requests) expect(headers.authorization).toBeUndefined();
    } finally {
      expect((await admin.patch(`/api/mcp-servers/${server}`, { transport: { type: "http", url: mcp.url } })).status).toBe(200);
      await thief.stop();
    }
  });

  test("an access token about to expire is refreshed before the next call, and the refresh token rotates", async () => {
    const before = { refreshes: as.grants.refresh, refreshTokens: as.refreshTokens.length, expiresAt: (await connectionOf()).body.connections[0].expires_at as string };
    await waitUntil(() => Date.now() >= Date.parse(before.expiresAt) - REFRESH_SKEW_MS + 100, 20_000, "the token is due for refresh");

    const result = await gatewayCall();

    expect(result.content).toEqual([{ type: "text", text: "signed in as alice" }]);
    expect(as.grants.refresh).toBe(before.refreshes + 1);
    expect(as.refreshTokens.length).toBe(before.refreshTokens + 1);
    expect(as.consumedRefreshTokens).toContain(as.refreshTokens.at(-2));
    expect(mcp.accepted.at(-1)).toBe(as.accessTokens.at(-1));
    const after = (await connectionOf()).body.connections[0];
    expect(after.status).toBe("connected");
    expect(Date.parse(after.expires_at)).toBeGreaterThan(Date.parse(before.expiresAt));
  }, 60_000);

  test("a blueprint asked for when its token is due is handed out with a refreshed one, not the remembered one", async () => {
    const runner = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${runnerToken}` });
    const before = await runner.get(`/api/agents/${agent}`);
    const { expires_at: expiresAt } = before.body.agent.mcp_servers.guarded;
    const refreshes = as.grants.refresh;
    await waitUntil(() => Date.now() >= Date.parse(expiresAt) - REFRESH_SKEW_MS + 100, 20_000, "the token is due for refresh");

    const after = await runner.get(`/api/agents/${agent}`);

    expect(as.grants.refresh).toBe(refreshes + 1);
    expect(after.body.agent.mcp_servers.guarded.headers).toEqual({ Authorization: `Bearer ${as.accessTokens.at(-1)}` });
    expect(Date.parse(after.body.agent.mcp_servers.guarded.expires_at)).toBeGreaterThan(Date.parse(expiresAt));
    expect(after.body.agent.mcp_servers.guarded.expires_at).toBe((await connectionOf()).body.connections[0].expires_at);
  }, 60_000);

  test("DELETE revokes at the authorization server and forgets: the refresh token is refused there, Test is auth_required again", async () => {
    const refreshToken = as.refreshTokens.at(-1)!;
    const clientId = (await as.provider.RefreshToken.find(refreshToken)).clientId as string;

    const deleted = await admin.delete(`/api/mcp-servers/${server}/oauth`);

    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ revoked: true });
    expect((await connectionOf()).body).toEqual({ connections: [] });
    const refused = await fetch(`${as.issuer}/token`, {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("invalid_grant");
    expect((await admin.post(`/api/mcp-servers/${server}/test`, {})).body.status).toBe("auth_required");
  });
});

describe("a pre-registered client", () => {
  const name = uniqueName("static");
  const variable = `STATIC_SECRET_${uniqueName("v").slice(2, 10).toUpperCase()}`;
  const auth = { type: "oauth", client: { client_id: STATIC_CLIENT.client_id, client_secret: `\${${variable}}`, token_endpoint_auth_method: "client_secret_post" } };

  beforeAll(async () => {
    expect((await admin.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: mcp.url }, auth }))).status).toBe(201);
  });

  test("a client secret that is not a secret scoped to the server is refused (422 naming it), nothing started", async () => {
    expect((await admin.put(`/api/variables/${variable}`, { secret: true, value: STATIC_CLIENT.client_secret, scope: { servers: ["someone-else"] } })).status).toBe(201);

    const started = await admin.post(`/api/mcp-servers/${name}/oauth/connect`, {});

    expect(started.status).toBe(422);
    expect(started.body.errors).toEqual([{ path: "/auth/client/client_secret", message: `\${${variable}} is not a secret scoped to '${name}'` }]);
    expect(started.text).not.toContain(STATIC_CLIENT.client_secret);
  });

  test("connects with its ${VAR} secret by client_secret_post, and the server turns healthy", async () => {
    expect((await admin.put(`/api/variables/${variable}`, { secret: true, value: STATIC_CLIENT.client_secret, scope: { servers: [name] } })).status).toBe(200);

    const { url } = await connect(name);
    expect(url.searchParams.get("error")).toBeNull();
    const finished = await callback(url);

    expect(finished.headers.get("location")).toBe(`/mcp-servers/${name}?environment=development&oauth=connected`);
    expect((await connectionOf(name)).body.connections[0]).toMatchObject({ status: "connected", reason: null });
    expect((await admin.post(`/api/mcp-servers/${name}/test`, {})).body.status).toBe("healthy");
  });

  test("a refresh token revoked at the authorization server: the next use marks the connection expired with the reason", async () => {
    const refreshToken = as.refreshTokens.at(-1)!;
    const revoked = await fetch(`${as.issuer}/token/revocation`, {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token", ...STATIC_CLIENT }),
    });
    expect(revoked.status).toBe(200);
    const { expires_at: expiresAt } = (await connectionOf(name)).body.connections[0];
    await waitUntil(() => Date.now() >= Date.parse(expiresAt) - REFRESH_SKEW_MS + 100, 20_000, "the token is due for refresh");

    const tested = await admin.post(`/api/mcp-servers/${name}/test`, {});

    expect(tested.body.status).toBe("auth_required");
    expect((await connectionOf(name)).body.connections[0]).toMatchObject({ status: "expired", reason: "the refresh token was refused: invalid_grant; connect again" });
  }, 60_000);
});

describe("the server refuses what the connection holds (DESIGN §17)", () => {
  const name = uniqueName("stepped");
  const steppedAgent = uniqueName("stepped-agent");

  beforeAll(async () => {
    expect((await admin.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: mcp.url }, auth: { type: "oauth" } }))).status).toBe(201);
    expect((await admin.post("/api/agents", { name: steppedAgent, description: "Writes through the guarded server", mcp_servers: { guarded: name } })).status).toBe(201);
    const { url } = await connect(name);
    expect((await callback(url)).status).toBe(303);
    // The catalog holds its tools from here on.
    expect((await admin.post(`/api/mcp-servers/${name}/test`, {})).body).toMatchObject({ status: "healthy", tool_count: 2 });
  });

  test("403 insufficient_scope: a tool error naming the scope, the connection asks for it, connecting again grants it beside the others", async () => {
    expect((await gatewayCall("whoami", steppedAgent)).content).toEqual([{ type: "text", text: "signed in as alice" }]);

    const refused = await gatewayCall("write_note", steppedAgent);

    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([{ type: "text", text: `MCP server '${name}' needs scope "${WRITE_SCOPE}" for this call: an admin connects it again on its page to grant it` }]);
    expect((await connectionOf(name)).body.connections[0]).toMatchObject({
      status: "connected", scopes: [MCP_SCOPE], step_up_scopes: [WRITE_SCOPE],
      reason: `the server asks for scope "${WRITE_SCOPE}" (insufficient_scope: writing needs ${WRITE_SCOPE}): connect again to grant it`,
    });
    // Everything else keeps working meanwhile.
    expect((await gatewayCall("whoami", steppedAgent)).content).toEqual([{ type: "text", text: "signed in as alice" }]);

    const started = await admin.post(`/api/mcp-servers/${name}/oauth/connect`, {});
    expect(new URL(started.body.authorization_url).searchParams.get("scope")).toBe(`${MCP_SCOPE} ${WRITE_SCOPE}`);
    const again = await callback((await consent(started.body.authorization_url)).url);
    expect(again.headers.get("location")).toBe(`/mcp-servers/${name}?environment=development&oauth=connected`);

    expect((await gatewayCall("write_note", steppedAgent)).content).toEqual([{ type: "text", text: "note written for alice" }]);
    expect((await connectionOf(name)).body.connections[0]).toMatchObject({ status: "connected", scopes: [MCP_SCOPE, WRITE_SCOPE], step_up_scopes: [], reason: null });
  });

  test("401 to a token it accepted before: the call says so, the connection expires with the server's reason and forgets its tokens", async () => {
    const token = mcp.accepted.at(-1)!;
    mcp.distrusted.add(token);

    const refused = await gatewayCall("whoami", steppedAgent);

    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([{ type: "text", text: `MCP server '${name}' refused its OAuth access token (invalid_token: the token was revoked): an admin connects it again on its page` }]);
    const listed = await connectionOf(name);
    expect(listed.body.connections[0]).toMatchObject({ status: "expired", reason: "the server refused the access token (invalid_token: the token was revoked): connect again" });
    for (const secret of everyToken()) expect(listed.text).not.toContain(secret);
    const before = mcp.accepted.length;
    expect((await admin.post(`/api/mcp-servers/${name}/test`, {})).body.status).toBe("auth_required");
    expect(mcp.accepted.length).toBe(before);

    const { url } = await connect(name);
    expect((await callback(url)).status).toBe(303);
    expect((await gatewayCall("whoami", steppedAgent)).content).toEqual([{ type: "text", text: "signed in as alice" }]);
  });
});

describe("a flow that goes wrong leaves a named status and a reason, never a 500", () => {
  test("a replayed or made-up state is refused (400, problem+json naming state); the first use stands", async () => {
    const { url } = await connect();
    expect((await callback(url)).status).toBe(303);

    const replayed = await callback(url);

    expect(replayed.status).toBe(400);
    expect(replayed.headers.get("content-type")).toContain("application/problem+json");
    expect((await replayed.json()).errors).toEqual([{ path: "/state", message: "is unknown or already used" }]);
    expect((await connectionOf()).body.connections[0].status).toBe("connected");
    const madeUp = await callback(`${patchbay.baseUrl}/oauth/callback?code=abc&state=made-up-state`);
    expect(madeUp.status).toBe(400);
    expect((await madeUp.json()).errors).toEqual([{ path: "/state", message: "is unknown or already used" }]);
  });

  test("someone else's state is refused (403) and left for its starter", async () => {
    const { url } = await connect();

    expect((await callback(url, otherAdminToken)).status).toBe(403);
    const finished = await callback(url);
    expect(finished.headers.get("location")).toContain("oauth=connected");
  });

  test("an authorization response from another issuer (RFC 9207) is refused before the code is redeemed", async () => {
    const { url } = await connect();
    const codesBefore = as.grants.code;
    url.searchParams.set("iss", "https://evil.example");

    const finished = await callback(url);

    expect(finished.headers.get("location")).toBe(`/mcp-servers/${server}?environment=development&oauth=refused`);
    expect(as.grants.code).toBe(codesBefore);
    const connection = (await connectionOf()).body.connections[0];
    expect(connection.status).toBe("refused");
    expect(connection.reason).toContain("https://evil.example");
    expect(connection.reason).toContain("RFC 9207");
  });

  test("a refused consent (access_denied) is status refused with the server's reason", async () => {
    as.decision = "deny";
    try {
      const { url } = await connect();
      expect(url.searchParams.get("error")).toBe("access_denied");

      const finished = await callback(url);

      expect(finished.headers.get("location")).toContain("oauth=refused");
      const connection = (await connectionOf()).body.connections[0];
      expect(connection).toMatchObject({ status: "refused", reason: "the authorization server answered access_denied: alice said no" });
    } finally {
      as.decision = "allow";
    }
  });

  test("protected-resource metadata naming another resource (RFC 8707) refuses the connection: 502 and status refused", async () => {
    const name = uniqueName("mismatch");
    expect((await admin.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: mcp.mismatchUrl }, auth: { type: "oauth" } }))).status).toBe(201);

    const started = await admin.post(`/api/mcp-servers/${name}/oauth/connect`, {});

    expect(started.status).toBe(502);
    expect(started.body.type).toContain("upstream-oauth-failed");
    const connection = (await connectionOf(name)).body.connections[0];
    expect(connection.status).toBe("refused");
    expect(connection.reason).toContain("not-this-server");
  });

  test("an authorization server that is down: 502 naming it, never a 500", async () => {
    const name = uniqueName("no-as");
    expect((await admin.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: mcp.orphanUrl }, auth: { type: "oauth" } }))).status).toBe(201);

    const started = await admin.post(`/api/mcp-servers/${name}/oauth/connect`, {});

    expect(started.status).toBe(502);
    expect(started.headers.get("content-type")).toContain("application/problem+json");
    expect(started.body.detail).toContain(deadIssuer);
  });

  test("a shared connection is an admin's to make", async () => {
    const editor = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${await mintToken(patchbay.baseUrl, ADMIN_TOKEN, uniqueName("editor"), "editor")}` });

    expect((await editor.post(`/api/mcp-servers/${server}/oauth/connect`, {})).status).toBe(403);
    expect((await editor.delete(`/api/mcp-servers/${server}/oauth`)).status).toBe(403);
  });

  test("no access or refresh token ever reaches Patchbay's log", () => {
    expect(everyToken().length).toBeGreaterThan(3);
    const logs = patchbay.logs();
    for (const token of [...everyToken(), STATIC_CLIENT.client_secret]) expect(logs).not.toContain(token);
  });
});

/**
 * Scrub, then cut (DESIGN §14, §7): a token endpoint that refuses the client (400 invalid_client) and quotes back
 * what it received — the client_secret_post body field, the client_secret_basic header, the secret decoded and in
 * base64 — must leave no form of the client secret in the connection's reason, which a viewer reads.
 */
describe("a token endpoint that quotes the client's credentials back", () => {
  const CLIENT_ID = "patchbay-quoted";
  const secret = `Qz${uniqueName("s")} ~s/e+c r=t`;
  const variable = `QUOTED_SECRET_${uniqueName("v").slice(2, 10).toUpperCase()}`;
  const names = { post: uniqueName("quoted-post"), basic: uniqueName("quoted-basic") } as const;
  const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
  /** Every form the secret travelled or was quoted in. */
  const forms = [
    secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1),
    base64(secret).replace(/=+$/, ""), base64(`${CLIENT_ID}:${secret}`).replace(/=+$/, ""),
  ];
  let attacker: http.Server;
  let origin: string;
  let viewerToken: string;
  const received: string[] = [];

  beforeAll(async () => {
    attacker = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        const path = new URL(request.url ?? "/", origin).pathname;
        if (path === "/mcp") {
          response.writeHead(401, { "WWW-Authenticate": "Bearer" }).end();
        } else if (path === "/.well-known/oauth-authorization-server") {
          response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({
            issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token`, response_types_supported: ["code"],
            code_challenge_methods_supported: ["S256"], token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
          }));
        } else if (path === "/token") {
          received.push(`${request.headers.authorization ?? ""} ${body}`);
          const field = body.split("&").find((pair) => pair.startsWith("client_secret=")) ?? "";
          const decoded = new URLSearchParams(body).get("client_secret") ?? "";
          const quoted = `client authentication failed: ${request.headers.authorization ?? "no header"} ${field} decoded=${decoded} b64=${decoded ? base64(decoded) : ""}`;
          response.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "invalid_client", error_description: quoted }));
        } else {
          response.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    viewerToken = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, uniqueName("viewer"), "viewer");
    expect((await admin.put(`/api/variables/${variable}`, { secret: true, value: secret, scope: { servers: Object.values(names) } })).status).toBe(201);
    for (const [method, name] of Object.entries(names)) {
      const auth = { type: "oauth", client: { client_id: CLIENT_ID, client_secret: `\${${variable}}`, token_endpoint_auth_method: `client_secret_${method}` } };
      expect((await admin.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: `${origin}/mcp` }, auth }))).status).toBe(201);
    }
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (attacker ? (attacker.closeAllConnections(), attacker.close(() => resolve())) : resolve()));
  });

  test.each(["post", "basic"] as const)("client_secret_%s: the refused connection's reason, as a viewer reads it and on the server's page, holds no form of the secret", async (method) => {
    const name = names[method];
    const started = await admin.post(`/api/mcp-servers/${name}/oauth/connect`, {});
    expect(started.status, started.text).toBe(200);
    const state = new URL(started.body.authorization_url).searchParams.get("state")!;

    const finished = await callback(`${patchbay.baseUrl}/oauth/callback?code=made-up-code&state=${encodeURIComponent(state)}`);

    expect(finished.headers.get("location")).toBe(`/mcp-servers/${name}?environment=development&oauth=refused`);
    // The control: the endpoint did receive the secret, and its quote reached the reason — only scrubbing stands between.
    expect(received.at(-1)).toContain(method === "basic" ? `Basic ${base64(`${CLIENT_ID}:${secret}`)}` : `client_secret=${new URLSearchParams({ s: secret }).toString().slice(2)}`);
    const listed = await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${viewerToken}` }).get(`/api/mcp-servers/${name}/oauth`);
    expect(listed.status).toBe(200);
    const { status, reason } = listed.body.connections[0];
    expect(status).toBe("refused");
    expect(reason).toContain("the token request was refused: invalid_client (client authentication failed: ");
    expect(reason).toContain("••••");
    expect(forms.filter((form) => listed.text.includes(form))).toEqual([]);

    const signedIn = await apiClient(patchbay.baseUrl).post("/api/session", { token: viewerToken });
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0];
    const page = await fetch(`${patchbay.baseUrl}/mcp-servers/${name}`, { headers: { Accept: "text/html", Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(forms.filter((form) => html.includes(form))).toEqual([]);
  });
});
