import { randomBytes } from "node:crypto";

import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { authedEnv } from "../support/authed-patchbay";
import { consentAsBrowser, startAuthorizationServer, startProtectedMcpServer, type AuthorizationServer, type ProtectedMcpServer } from "../support/oauth-peers";
import { freePort } from "../../lib/mcp/test-peers";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * DESIGN §17 "per_user" end to end: each person's gateway and /api/invoke calls reach the guarded MCP server with
 * their own connection's token (the real oidc-provider signs each in as themselves), never the shared one nor
 * another's, even through one agent at once; a person without a connection is sent to connect — URL-mode
 * elicitation (-32042) on 2025-11-25, an InputRequiredResult on 2026-07-28, a tool error for a client that declared
 * neither, 409 on /api/invoke — and nothing reaches the server.
 */
const ADMIN_TOKEN = `pb-peruser-admin-${uniqueName("t")}`;

let as: AuthorizationServer;
let mcp: ProtectedMcpServer;
let patchbay: PatchbayProcess;
let admin: ApiClient;
let databaseUrl: string | undefined;
const server = uniqueName("personal");
const agent = uniqueName("personal-agent");
/** Runner tokens: their names are the people (principal.name) whose connections are keyed by them. */
const people = { ann: { name: uniqueName("ann"), token: "" }, ben: { name: uniqueName("ben"), token: "" }, cat: { name: uniqueName("cat"), token: "" }, eve: { name: uniqueName("eve"), token: "" } };
/** An editor (who may Test a server), with a connection of her own. */
const dee = { name: uniqueName("dee"), token: "" };
/** An authorization server nobody runs, named by the guarded server's `/orphan` path. */
let deadIssuer: string;
/** The access token of the shared connection made while the server was `shared`, and how many tokens the server had accepted when it became per_user. */
let sharedToken: string;
let acceptedWhenShared: number;
const clients: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  const port = await freePort();
  deadIssuer = `http://127.0.0.1:${await freePort()}`;
  mcp = await startProtectedMcpServer(() => as.issuer, deadIssuer);
  as = await startAuthorizationServer({ resource: () => mcp.url, accessTokenTtlS: 600 });
  databaseUrl = await freshDatabaseUrl("upstream-oauth-per-user");
  patchbay = await startPatchbay({ databaseUrl, port, env: { ...authedEnv(ADMIN_TOKEN), PATCHBAY_SECRET_KEY: randomBytes(32).toString("base64"), PATCHBAY_PUBLIC_URL: `http://127.0.0.1:${port}` } });
  admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  for (const person of Object.values(people)) person.token = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, person.name, "runner");
  dee.token = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, dee.name, "editor");

  // Shared first: an admin's connection (signed in as "shared-admin") lets Test put the tools in the catalog.
  expect((await admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: mcp.url }, auth: { type: "oauth" } }))).status).toBe(201);
  expect((await admin.post("/api/agents", { name: agent, description: "Calls the per-person server", mcp_servers: { guarded: server } })).status).toBe(201);
  as.account = "shared-admin";
  const started = await admin.post(`/api/mcp-servers/${server}/oauth/connect`, {});
  expect((await callback((await consentAsBrowser(started.body.authorization_url, patchbay.baseUrl)).url, ADMIN_TOKEN)).status).toBe(303);
  expect((await admin.post(`/api/mcp-servers/${server}/test`, {})).body).toMatchObject({ status: "healthy", tool_count: 2 });
  sharedToken = as.accessTokens.at(-1)!;
  // Then per person: the shared connection stays in the database, and must never be used again.
  expect((await admin.patch(`/api/mcp-servers/${server}`, { auth: { type: "oauth", mode: "per_user" } })).status).toBe(200);
  acceptedWhenShared = mcp.accepted.length;
}, 120_000);

afterEach(async () => void (await Promise.all(clients.splice(0).map((client) => client.close()))));

afterAll(async () => {
  await patchbay?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
  await mcp?.stop();
  await as?.stop();
});

function callback(url: URL | string, token: string) {
  return fetch(url, { redirect: "manual", headers: { Authorization: `Bearer ${token}` } });
}

/** The person connects their own account: connect → consent (signed in at the authorization server as themselves) → callback. */
async function connectAs(person: { name: string; token: string }): Promise<string> {
  const started = await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${person.token}` }).post(`/api/mcp-servers/${server}/oauth/connect`, {});
  expect(started.status).toBe(200);
  as.account = person.name;
  const { url } = await consentAsBrowser(started.body.authorization_url, patchbay.baseUrl);
  const finished = await callback(url, person.token);
  expect(finished.status).toBe(303);
  expect(finished.headers.get("location")).toBe(`/mcp-servers/${server}?environment=development&oauth=connected`);
  return as.accessTokens.at(-1)!;
}

/** A 2025-11-25 client (SDK 1.x) of the agent's gateway as `person`, declaring `capabilities`. */
async function legacyClient(person: { token: string }, capabilities: Record<string, unknown> = {}): Promise<Client> {
  const client = new Client({ name: "per-user-test", version: "1.0.0" }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/agents/${agent}`, patchbay.baseUrl), { requestInit: { headers: { Authorization: `Bearer ${person.token}` } } }));
  clients.push(client);
  return client;
}

/** A 2026-07-28 client (SDK 2.x) as `person`, declaring URL-mode elicitation unless told otherwise, that hands back what it is asked. */
async function modernClient(person: { token: string }, capabilities: Record<string, unknown> = { elicitation: { url: {} } }): Promise<ModernClient> {
  const client = new ModernClient({ name: "per-user-test-2026", version: "1.0.0" }, {
    capabilities, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false },
  });
  await client.connect(new ModernTransport(new URL(`/mcp/agents/${agent}`, patchbay.baseUrl), { requestInit: { headers: { Authorization: `Bearer ${person.token}` } } }));
  clients.push(client);
  return client;
}

const connectUrl = () => `${patchbay.baseUrl}/mcp-servers/${server}?environment=development#oauth`;
const connectMessage = () => `MCP server '${server}' signs in per person and you have not connected your account to it in 'development': connect at ${connectUrl()}, then call again.`;
const whoami = (name: string) => [{ type: "text", text: `signed in as ${name}` }];

describe("per_user: each person's calls carry their own connection", () => {
  let annToken: string;
  let benToken: string;

  beforeAll(async () => {
    annToken = await connectAs(people.ann);
    benToken = await connectAs(people.ben);
  });

  test("GET …/oauth lists one connection per person (and the old shared one), connected by each", async () => {
    const listed = await admin.get(`/api/mcp-servers/${server}/oauth`);

    expect(listed.status).toBe(200);
    expect(listed.body.connections.map((connection: { mode: string; connected_by: string; status: string }) => [connection.mode, connection.connected_by, connection.status]).sort()).toEqual([
      ["per_user", people.ann.name, "connected"], ["per_user", people.ben.name, "connected"], ["shared", "admin (PATCHBAY_ADMIN_TOKEN)", "connected"],
    ].sort());
  });

  test("two people through one agent at once: the upstream sees each one's own token, never the shared one", async () => {
    const [ann, ben] = await Promise.all([legacyClient(people.ann), legacyClient(people.ben)]);
    const before = mcp.accepted.length;

    const answers = await Promise.all([ann, ben, ann, ben, ann, ben].map((client) => client.callTool({ name: "guarded.whoami", arguments: {} })));

    expect(answers.map((answer) => answer.content)).toEqual([people.ann, people.ben, people.ann, people.ben, people.ann, people.ben].map((person) => whoami(person.name)));
    const seen = mcp.accepted.slice(before);
    expect(seen.filter((token) => token === annToken).length).toBeGreaterThanOrEqual(3);
    expect(seen.filter((token) => token === benToken).length).toBeGreaterThanOrEqual(3);
    expect(new Set(seen)).toEqual(new Set([annToken, benToken]));
  });

  test("a 2026-07-28 client is called with its person's token too", async () => {
    const before = mcp.accepted.length;

    const answer = await (await modernClient(people.ben)).callTool({ name: "guarded.whoami", arguments: {} });

    expect(answer.content).toEqual(whoami(people.ben.name));
    expect(new Set(mcp.accepted.slice(before))).toEqual(new Set([benToken]));
  });

  test("prompts/get reaches the server with the caller's own connection too (reachUpstream)", async () => {
    const [ann, ben] = await Promise.all([legacyClient(people.ann), modernClient(people.ben)]);

    const [forAnn, forBen] = await Promise.all([ann.getPrompt({ name: "guarded.greeting" }), ben.getPrompt({ name: "guarded.greeting" })]);

    expect(forAnn.messages).toEqual([{ role: "user", content: { type: "text", text: `hello ${people.ann.name}` } }]);
    expect(forBen.messages).toEqual([{ role: "user", content: { type: "text", text: `hello ${people.ben.name}` } }]);
    expect((await ann.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(["guarded.greeting"]);
  });

  test("resources/read reaches the server with the caller's own connection too", async () => {
    const [ann, ben] = await Promise.all([legacyClient(people.ann), modernClient(people.ben)]);

    const [forAnn, forBen] = await Promise.all([ann.readResource({ uri: "guarded://me" }), ben.readResource({ uri: "guarded://me" })]);

    expect(forAnn.contents).toEqual([{ uri: "guarded://me", text: `you are ${people.ann.name}` }]);
    expect(forBen.contents).toEqual([{ uri: "guarded://me", text: `you are ${people.ben.name}` }]);
  });

  test("POST /api/invoke: each person's own connection", async () => {
    const invokeAs = (person: { token: string }) => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${person.token}` })
      .post("/api/invoke", { agent, action: "guarded.whoami", input: {} });

    const [ann, ben] = await Promise.all([invokeAs(people.ann), invokeAs(people.ben)]);

    expect([ann.status, ann.body.content]).toEqual([200, `signed in as ${people.ann.name}`]);
    expect([ben.status, ben.body.content]).toEqual([200, `signed in as ${people.ben.name}`]);
  });

  test("the shared connection's token never reached the server after the server became per_user", () => {
    expect(mcp.accepted.slice(0, acceptedWhenShared)).toContain(sharedToken);
    expect(mcp.accepted.slice(acceptedWhenShared)).not.toContain(sharedToken);
  });

  test("a person's token refused (401): their connection alone expires, and they are told to connect again", async () => {
    const client = await legacyClient(people.ann);
    mcp.distrusted.add(annToken);

    const refused = await client.callTool({ name: "guarded.whoami", arguments: {} });
    const again = await client.callTool({ name: "guarded.whoami", arguments: {} });

    expect(refused).toEqual({ isError: true, content: [{ type: "text", text: `MCP server '${server}' refused its OAuth access token (invalid_token: the token was revoked): connect it again on its page` }] });
    expect(again).toEqual({ isError: true, content: [{ type: "text", text: connectMessage() }] });
    const statuses = (await admin.get(`/api/mcp-servers/${server}/oauth`)).body.connections.map((connection: { connected_by: string; status: string }) => [connection.connected_by, connection.status]);
    expect(statuses.sort()).toEqual([[people.ann.name, "expired"], [people.ben.name, "connected"], ["admin (PATCHBAY_ADMIN_TOKEN)", "connected"]].sort());
    expect((await (await legacyClient(people.ben)).callTool({ name: "guarded.whoami", arguments: {} })).content).toEqual(whoami(people.ben.name));
  });
});

describe("per_user: a person without a connection is sent to connect, and nothing reaches the server", () => {
  // Whatever a probe sends without a token may be refused meanwhile; no token is accepted.
  let accepted: number;
  beforeAll(() => void (accepted = mcp.accepted.length));
  afterAll(() => expect(mcp.accepted.length).toBe(accepted));

  test("2025-11-25 with URL-mode elicitation: -32042 with one url elicitation naming the server's connect page", async () => {
    const client = await legacyClient(people.cat, { elicitation: { url: {} } });

    const refused = await client.callTool({ name: "guarded.whoami", arguments: {} }).then(() => undefined, (error: unknown) => error);

    expect(refused).toBeInstanceOf(McpError);
    const { code, data } = refused as McpError;
    expect(code).toBe(-32042);
    expect(data).toEqual({ elicitations: [{ mode: "url", url: connectUrl(), message: connectMessage(), elicitationId: expect.stringMatching(/^[0-9a-f-]{36}$/) }] });
  });

  test("2026-07-28 with URL-mode elicitation: an InputRequiredResult asking a url elicitation, no requestState", async () => {
    const client = await modernClient(people.cat);

    const { _meta: _served, ...answer } = await client.callTool({ name: "guarded.whoami", arguments: {} }, { allowInputRequired: true }) as unknown as Record<string, unknown>;

    expect(answer).toEqual({
      resultType: "input_required",
      inputRequests: { connect: { method: "elicitation/create", params: { mode: "url", url: connectUrl(), message: connectMessage(), elicitationId: expect.stringMatching(/^[0-9a-f-]{36}$/) } } },
    });
  });

  test("prompts/get of the server's prompt: -32042 (2025-11-25), an InputRequiredResult (2026-07-28); prompts/list leaves the server out", async () => {
    const legacy = await legacyClient(people.cat, { elicitation: { url: {} } });
    const modern = await modernClient(people.cat);

    const refused = await legacy.getPrompt({ name: "guarded.greeting" }).then(() => undefined, (error: unknown) => error) as McpError;
    const { _meta: _served, ...asked } = await modern.getPrompt({ name: "guarded.greeting" }, { allowInputRequired: true }) as unknown as Record<string, unknown>;

    expect([refused.code, refused.data]).toEqual([-32042, { elicitations: [{ mode: "url", url: connectUrl(), message: connectMessage(), elicitationId: expect.any(String) }] }]);
    expect(asked).toEqual({ resultType: "input_required", inputRequests: { connect: { method: "elicitation/create", params: { mode: "url", url: connectUrl(), message: connectMessage(), elicitationId: expect.any(String) } } } });
    expect((await legacy.listPrompts()).prompts).toEqual([]);
  });

  test("resources/read of the server's resource: -32042 (2025-11-25); resources/list leaves the server out", async () => {
    const legacy = await legacyClient(people.cat, { elicitation: { url: {} } });

    const refused = await legacy.readResource({ uri: "guarded://me" }).then(() => undefined, (error: unknown) => error) as McpError;

    expect([refused.code, refused.data]).toEqual([-32042, { elicitations: [{ mode: "url", url: connectUrl(), message: connectMessage(), elicitationId: expect.any(String) }] }]);
    expect((await legacy.listResources()).resources).toEqual([]);
  });

  test("a client that declared no URL-mode elicitation (either revision, form mode only): a tool error naming the page", async () => {
    const legacy = await legacyClient(people.cat);
    const formOnly = await legacyClient(people.cat, { elicitation: { form: {} } });
    const modern = await modernClient(people.cat, { elicitation: { form: {} } });

    const answers = await Promise.all([legacy, formOnly].map((client) => client.callTool({ name: "guarded.whoami", arguments: {} })));
    const { _meta: _served, ...fromModern } = await modern.callTool({ name: "guarded.whoami", arguments: {} }, { allowInputRequired: true }) as unknown as Record<string, unknown>;

    for (const answer of [...answers, fromModern]) expect(answer).toEqual({ isError: true, content: [{ type: "text", text: connectMessage() }] });
  });

  test("POST /api/invoke: 409 problem+json naming the connect page", async () => {
    const invoked = await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${people.cat.token}` }).post("/api/invoke", { agent, action: "guarded.whoami", input: {} });

    expect(invoked.status).toBe(409);
    expect(invoked.headers.get("content-type")).toContain("application/problem+json");
    expect(invoked.body).toEqual({
      type: "https://patchbay.dev/problems/connect-required", title: "Connect your account first", status: 409, detail: connectMessage(),
      server, environment: "development", connect_url: connectUrl(),
    });
  });
});

describe("per_user health: no one's token is used to probe for everyone; a person's Test uses their own", () => {
  const eachPersonConnects = () => `each person connects; the server answers its sign-in challenge (authorization server ${as.issuer})`;

  test("a re-check sends no token: auth_required, the challenge answered by a reachable authorization server", async () => {
    const before = { accepted: mcp.accepted.length, refused: mcp.refused };

    const checked = await admin.post(`/api/mcp-servers/${server}/health-check`, {});

    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ status: "auth_required", ok: false, reason: eachPersonConnects(), auth: { authorization_servers: [as.issuer] } });
    expect(mcp.accepted.length).toBe(before.accepted);
    expect(mcp.refused).toBeGreaterThan(before.refused);
    const listed = await admin.get(`/api/mcp-servers?search=${server}`);
    expect(listed.body.mcp_servers.map((summary: { name: string; auth_mode: string; health: { status: string } }) => [summary.name, summary.auth_mode, summary.health.status])).toEqual([[server, "per_user", "auth_required"]]);
  });

  test("a challenge naming an authorization server nobody runs: unhealthy, saying nobody can connect", async () => {
    const orphan = uniqueName("personal-orphan");
    expect((await admin.post("/api/mcp-servers", httpServer(orphan, { transport: { type: "http", url: mcp.orphanUrl }, auth: { type: "oauth", mode: "per_user" } }))).status).toBe(201);

    const checked = await admin.post(`/api/mcp-servers/${orphan}/health-check`, {});

    expect(checked.body).toMatchObject({ status: "unhealthy", ok: false, auth: { authorization_servers: [deadIssuer] } });
    expect(checked.body.reason).toMatch(new RegExp(`^each person connects, but nobody can: its authorization server ${deadIssuer.replaceAll(".", "\\.")} cannot be reached: `));
  });

  test("an editor's Test without a connection of her own sends no token and judges the challenge", async () => {
    const before = mcp.accepted.length;

    const tested = await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${dee.token}` }).post(`/api/mcp-servers/${server}/test`, {});

    expect(tested.body).toMatchObject({ status: "auth_required", reason: eachPersonConnects() });
    expect(mcp.accepted.length).toBe(before);
  });

  test("an editor's Test with her own connection is made with her token alone", async () => {
    const deeToken = await connectAs(dee);
    const before = mcp.accepted.length;

    const tested = await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${dee.token}` }).post(`/api/mcp-servers/${server}/test`, {});

    expect(tested.body).toMatchObject({ status: "healthy", ok: true, tool_count: 2 });
    expect(tested.body.tools.map((tool: { name: string }) => tool.name)).toEqual(["whoami", "write_note"]);
    expect(mcp.accepted.length).toBeGreaterThan(before);
    expect(new Set(mcp.accepted.slice(before))).toEqual(new Set([deeToken]));
  });
});

describe("per_user circuit: one person's refused token is not the server failing everyone", () => {
  beforeAll(async () => {
    expect((await admin.patch(`/api/mcp-servers/${server}`, { resilience: { circuit_breaker: { failure_threshold: 2, reset_after_ms: 600_000 } } })).status).toBe(200);
  });

  test("failure_threshold refused personal calls leave the circuit closed for another person", async () => {
    for (let refusal = 0; refusal < 2; refusal++) {
      mcp.distrusted.add(await connectAs(people.eve));
      const refused = await (await legacyClient(people.eve)).callTool({ name: "guarded.whoami", arguments: {} });
      expect(refused.content).toEqual([{ type: "text", text: `MCP server '${server}' refused its OAuth access token (invalid_token: the token was revoked): connect it again on its page` }]);
    }

    const ben = await (await legacyClient(people.ben)).callTool({ name: "guarded.whoami", arguments: {} });

    expect(ben.content).toEqual(whoami(people.ben.name));
    expect((await admin.get(`/api/circuits?server=${server}`)).body.circuits).toEqual([{ server, environment: "development", state: "closed", consecutive_failures: 0, opened_at: null }]);
  });
});

describe("the dashboard lists a per_user server's offerings with the viewer's own connection", () => {
  test("a viewer with a connection sees the prompts and resources their token lists", async () => {
    const ben = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${people.ben.token}` });

    const [prompts, resources] = await Promise.all([ben.get(`/api/agents/${agent}/prompts`), ben.get(`/api/agents/${agent}/resources`)]);

    expect(prompts.body).toEqual({
      name: agent, environment: "development", errors: [],
      prompts: [{ name: "guarded.greeting", upstream_name: "greeting", description: "Greets who signed in", server, alias: "guarded" }],
    });
    // The guarded server offers no resource templates: it answers that method with "Method not found".
    expect(resources.body).toEqual({
      name: agent, environment: "development", resources: [{ uri: "guarded://me", name: "me", server, alias: "guarded" }], resource_templates: [],
      errors: [{ server, alias: "guarded", reason: "resourceTemplates could not be listed: Method not found" }],
    });
  });

  test("a viewer without one is told where to connect, and nothing is sent", async () => {
    const cat = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${people.cat.token}` });
    const before = { accepted: mcp.accepted.length, refused: mcp.refused };

    const prompts = await cat.get(`/api/agents/${agent}/prompts`);

    expect(prompts.body).toEqual({
      name: agent, environment: "development", prompts: [],
      errors: [{ server, alias: "guarded", reason: expect.stringContaining(`MCP server '${server}' signs in per person`), connect_url: `/mcp-servers/${server}?environment=development#oauth` }],
    });
    expect({ accepted: mcp.accepted.length, refused: mcp.refused }).toEqual(before);
  });
});

describe("per_user connections belong to an identity, not a name: two tokens named alike are two people (DESIGN §17, §18)", () => {
  /** Two runner tokens an admin minted with one name: each is its own caller (lib/auth/principal.ts principalKey). */
  const twins = { first: { name: "bob@corp.example", token: "" }, second: { name: "bob@corp.example", token: "" } };
  let firstToken: string;
  const invokeAs = (person: { token: string }) => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${person.token}` })
    .post("/api/invoke", { action: `${server}.whoami`, input: {} });

  beforeAll(async () => {
    for (const twin of Object.values(twins)) twin.token = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, twin.name, "runner");
    // The first connects, signing in at the authorization server as someone else entirely.
    const started = await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${twins.first.token}` }).post(`/api/mcp-servers/${server}/oauth/connect`, {});
    expect(started.status).toBe(200);
    as.account = "ann-at-upstream";
    const finished = await callback((await consentAsBrowser(started.body.authorization_url, patchbay.baseUrl)).url, twins.first.token);
    expect(finished.headers.get("location")).toBe(`/mcp-servers/${server}?environment=development&oauth=connected`);
    firstToken = as.accessTokens.at(-1)!;
  });

  test("control: the first token's call is signed in as its own upstream account", async () => {
    const invoked = await invokeAs(twins.first);

    expect([invoked.status, invoked.body.content]).toEqual([200, "signed in as ann-at-upstream"]);
  });

  test("the second token, which never connected: 409 connect-required, and the upstream never sees the first one's access token", async () => {
    const before = { accepted: mcp.accepted.length };

    const invoked = await invokeAs(twins.second);
    const gateway = await (await legacyClient(twins.second)).callTool({ name: "guarded.whoami", arguments: {} });

    expect(invoked.status).toBe(409);
    expect(invoked.body).toEqual({
      type: "https://patchbay.dev/problems/connect-required", title: "Connect your account first", status: 409, detail: connectMessage(),
      server, environment: "development", connect_url: connectUrl(),
    });
    expect(gateway).toEqual({ isError: true, content: [{ type: "text", text: connectMessage() }] });
    expect(mcp.accepted.slice(before.accepted)).not.toContain(firstToken);
    expect(mcp.accepted.length).toBe(before.accepted);
  });

  test("GET …/oauth lists to each only their own connection; the second may not disconnect the first's", async () => {
    const list = async (person: { token: string }) => (await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${person.token}` }).get(`/api/mcp-servers/${server}/oauth`)).body.connections
      .map((connection: { connected_by: string; status: string }) => [connection.connected_by, connection.status]);

    expect(await list(twins.first)).toEqual([["bob@corp.example", "connected"]]);
    expect(await list(twins.second)).toEqual([]);
    const disconnected = await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${twins.second.token}` }).delete(`/api/mcp-servers/${server}/oauth`);
    expect(disconnected.status).toBe(404);
    expect(await list(twins.first)).toEqual([["bob@corp.example", "connected"]]);
  });

  test("an authorization the first started cannot be finished by the second (the state is bound to who started it)", async () => {
    const started = await apiClient(patchbay.baseUrl, { Authorization: `Bearer ${twins.first.token}` }).post(`/api/mcp-servers/${server}/oauth/connect`, {});
    as.account = "someone-else";
    const { url } = await consentAsBrowser(started.body.authorization_url, patchbay.baseUrl);

    const finished = await callback(url, twins.second.token);

    expect(finished.status).toBe(403);
    expect((await invokeAs(twins.second)).status).toBe(409);
  });
});
