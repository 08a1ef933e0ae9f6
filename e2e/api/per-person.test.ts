import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { freePort } from "../../lib/mcp/test-peers";
import { startToolsetPeer, type ToolsetPeer } from "../../lib/tools/toolset-peer";
import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { authorizationRequest, consent, exchangeCode, initializeGateway, registerClient, type RegisteredClient } from "../support/gateway-oauth-client";
import { signInThroughProvider, startIdentityProvider, type IdentityProvider } from "../support/identity-provider";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/**
 * DESIGN §18 "Per person": a person's gateway session carries who they are into tool policies (`context.user`,
 * which no caller can claim for itself), approvals name them, and an agent listing `users` is used only by the
 * people it names (by email or group); runner tokens are unaffected.
 */
const ADMIN_TOKEN = "pb_test_per_person_admin_0123456789";
const ONLY_RITA = {
  properties: { context: { properties: { user: { properties: { type: { const: "person" }, email: { const: "rita@example.com" } }, required: ["type", "email"] } }, required: ["user"] } },
  required: ["context"],
};
const POLICY = { tools: { lookup: { allowed_when: ONLY_RITA }, purge: { approval: "always" } } };

let idp: IdentityProvider;
let patchbay: PatchbayProcess;
let peer: ToolsetPeer;
let base: string;
let client: RegisteredClient;
let runnerToken: string;
const server = uniqueName("pp-server");
const agents = { open: uniqueName("pp-open"), byEmail: uniqueName("pp-email"), byGroup: uniqueName("pp-group") };
const open: Client[] = [];

const admin = () => apiClient(base, { Authorization: `Bearer ${ADMIN_TOKEN}` });
const gatewayUrl = (agent: string) => `${base}/mcp/agents/${agent}`;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  [idp, peer] = await Promise.all([
    startIdentityProvider({
      redirectUri: `${base}/sign-in/oidc/callback`,
      accounts: {
        rita: { email: "rita@example.com", name: "Rita", groups: ["sre"] },
        sam: { email: "sam@example.com", name: "Sam", groups: ["sales"] },
        carol: { email: "carol@example.com", name: "Carol", groups: ["platform-eng"] },
      },
    }),
    startToolsetPeer([
      { name: "lookup", description: "Finds a record", input_schema: { type: "object", properties: { id: { type: "string" } } } },
      { name: "purge", description: "Deletes records", input_schema: { type: "object", properties: { scope: { type: "string" } } } },
    ]),
  ]);
  patchbay = await startPatchbay({
    port,
    env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_PUBLIC_URL: base,
      PATCHBAY_OIDC_ISSUER: idp.issuer, PATCHBAY_OIDC_CLIENT_ID: idp.clientId, PATCHBAY_OIDC_CLIENT_SECRET: idp.clientSecret,
      // Anyone the provider vouches for is a runner; platform-eng are editors.
      PATCHBAY_OIDC_ROLES: "editor=platform-eng,runner=*",
    },
  });
  expect((await admin().post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: peer.url }, tool_policy: POLICY }))).status).toBe(201);
  // The probe discovers the toolset the agents' gateways serve.
  expect((await admin().post(`/api/mcp-servers/${server}/health-check`, {})).body).toMatchObject({ status: "healthy", tool_count: 2 });
  const users = { open: undefined, byEmail: ["RITA@example.com"], byGroup: ["sre"] };
  for (const [key, name] of Object.entries(agents)) {
    const created = await admin().post("/api/agents", { name, description: "Per person", mcp_servers: { docs: server }, ...(users[key as keyof typeof users] && { users: users[key as keyof typeof users] }) });
    expect(created.status).toBe(201);
  }
  const minted = await admin().post("/api/tokens", { name: uniqueName("pp-runner"), role: "runner" });
  expect(minted.status).toBe(201);
  runnerToken = minted.body.token;
  client = await registerClient(base);
}, 120_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((mcp) => mcp.close()));
});

afterAll(async () => {
  await patchbay?.stop();
  await Promise.all([idp?.stop(), peer?.close()]);
});

/** A person signed in with single sign-on: their session (for the REST API) and their browser's cookie jar. */
async function signIn(login: string): Promise<{ jar: Awaited<ReturnType<typeof signInThroughProvider>>["jar"]; api: ApiClient }> {
  const { jar } = await signInThroughProvider(`${base}/sign-in/oidc?next=/`, idp, { login });
  const session = jar.get(base, "patchbay_session");
  expect(session).toBeDefined();
  return { jar, api: apiClient(base, { Cookie: `patchbay_session=${session}`, Origin: base }) };
}

/** The person `login` signs in, allows the MCP client for `agent`'s gateway, and the client gets its access token. */
async function personAccessToken(login: string, agent: string): Promise<string> {
  const { jar } = await signIn(login);
  const authorization = authorizationRequest(base, client, { resource: gatewayUrl(agent) });
  const { redirect } = await consent(base, authorization, jar, "allow");
  const tokens = await exchangeCode(base, client, redirect!.searchParams.get("code")!, authorization.verifier);
  expect(tokens.status).toBe(200);
  return tokens.body.access_token;
}

async function connect(agent: string, bearer: string): Promise<Client> {
  const mcp = new Client({ name: "per-person-test", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(gatewayUrl(agent)), { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } }));
  open.push(mcp);
  return mcp;
}

/** The agent's advertised name for an upstream tool (`docs.lookup` or however the agent names it). */
async function toolName(mcp: Client, upstream: string): Promise<string> {
  const { tools } = await mcp.listTools();
  const found = tools.find((tool) => tool.name === upstream || tool.name.endsWith(`.${upstream}`) || tool.name.endsWith(`__${upstream}`));
  expect(found).toBeDefined();
  return found!.name;
}

async function callTool(agent: string, bearer: string, upstream: string, args: Record<string, unknown> = {}) {
  const mcp = await connect(agent, bearer);
  const result = await mcp.callTool({ name: await toolName(mcp, upstream), arguments: args });
  return { isError: result.isError === true, text: (result.content as { text: string }[]).map((block) => block.text).join(""), result };
}

describe("context.user in tool policies", { timeout: 60_000 }, () => {
  test("allowed_when on context.user.email: Rita's call through the gateway runs, Sam's is refused naming the rule, a runner token's too", async () => {
    const rita = await callTool(agents.open, await personAccessToken("rita", agents.open), "lookup", { id: "a1" });
    expect(rita).toMatchObject({ isError: false, text: "lookup ran" });

    const sam = await callTool(agents.open, await personAccessToken("sam", agents.open), "lookup", { id: "a1" });
    expect(sam).toMatchObject({ isError: true, text: "Refused by policy: the call does not meet tool_policy.tools['lookup'].allowed_when." });

    const runner = await callTool(agents.open, runnerToken, "lookup", { id: "a1" });
    expect(runner).toMatchObject({ isError: true, text: "Refused by policy: the call does not meet tool_policy.tools['lookup'].allowed_when." });
  });

  test("a context.user the caller sends cannot pass for Rita: refused through /api/invoke (Sam's session, a runner token) and a server's tool call (admin token)", async () => {
    const spoofed = { user: { type: "person", email: "rita@example.com", name: "Rita", groups: ["sre"], role: "admin" } };
    const mcp = await connect(agents.open, runnerToken);
    const action = await toolName(mcp, "lookup");
    const invoke = { agent: agents.open, action, input: { id: "a1" }, context: spoofed };

    const ran = peer.calls.lookup ?? 0;
    const sam = await signIn("sam");
    const samInvoke = await sam.api.post("/api/invoke", invoke);
    expect(samInvoke.status).toBe(403);
    expect(samInvoke.body.detail).toBe("Refused by policy: the call does not meet tool_policy.tools['lookup'].allowed_when.");

    const runnerInvoke = await apiClient(base, { Authorization: `Bearer ${runnerToken}` }).post("/api/invoke", invoke);
    expect(runnerInvoke.status).toBe(403);
    expect(runnerInvoke.body.detail).toBe("Refused by policy: the call does not meet tool_policy.tools['lookup'].allowed_when.");

    const direct = await admin().post(`/api/mcp-servers/${server}/tools/lookup/call`, { arguments: { id: "a1" }, context: spoofed });
    expect(direct.status).toBe(200);
    expect(direct.body).toMatchObject({ is_error: true, content: [{ type: "text", text: "Refused by policy: the call does not meet tool_policy.tools['lookup'].allowed_when." }] });

    // Rita herself passes through /api/invoke with no user in her context: Patchbay says who she is.
    const rita = await signIn("rita");
    const ritaInvoke = await rita.api.post("/api/invoke", { ...invoke, context: {} });
    expect(ritaInvoke.status).toBe(200);
    expect(ritaInvoke.body.content).toBe("lookup ran");
    expect(peer.calls.lookup).toBe(ran + 1);
  });
});

describe("an agent's users", { timeout: 60_000 }, () => {
  test.each([
    ["by email (case ignored)", "byEmail"],
    ["by group", "byGroup"],
  ] as const)("listed %s: Rita may use its gateway, Sam is refused with a 403 naming why, a runner token is unaffected", async (_how, key) => {
    const agent = agents[key];
    expect((await initializeGateway(gatewayUrl(agent), await personAccessToken("rita", agent))).status).toBe(200);

    const refused = await initializeGateway(gatewayUrl(agent), await personAccessToken("sam", agent));
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe(`Agent '${agent}' lists the people who may use it (users), and sam@example.com is not among them by email or by group.`);

    expect((await initializeGateway(gatewayUrl(agent), runnerToken)).status).toBe(200);
  });

  test("Sam cannot go around the list through /api/invoke; Rita can", async () => {
    const action = await toolName(await connect(agents.byGroup, runnerToken), "lookup");
    const body = { agent: agents.byGroup, action, input: { id: "a1" } };
    const sam = await (await signIn("sam")).api.post("/api/invoke", body);
    expect(sam.status).toBe(403);
    expect(sam.body.detail).toBe(`Agent '${agents.byGroup}' lists the people who may use it (users), and sam@example.com is not among them by email or by group.`);
    expect((await (await signIn("rita")).api.post("/api/invoke", body)).status).toBe(200);
  });

  test("users are kept as written, and a list that repeats an entry is a 400 naming /users", async () => {
    expect((await admin().get(`/api/agents/${agents.byEmail}`)).body.agent).toMatchObject({ users: ["RITA@example.com"] });
    const refused = await admin().post("/api/agents", { name: uniqueName("pp-bad"), description: "Bad", users: ["sre", "sre"] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual(["/users"]);
  });
});

describe("approvals name the person", { timeout: 60_000 }, () => {
  test("Carol's call needing approval is requested by her email with her as context.user; she cannot approve it herself, someone else can, and then it runs once", async () => {
    const carol = await signIn("carol");
    const token = await personAccessToken("carol", agents.open);
    const first = await callTool(agents.open, token, "purge", { scope: "all" });
    expect(first.isError).toBe(true);
    const approval = /approval (\S+) is awaiting_approval/.exec(first.text)?.[1];
    expect(approval).toBeDefined();

    const request = await admin().get(`/api/approvals/${approval}`);
    expect(request.body).toMatchObject({
      requested_by: "carol@example.com", state: "awaiting_approval",
      context: { user: { type: "person", email: "carol@example.com", name: "Carol", groups: ["platform-eng"], role: "editor" } },
    });

    const own = await carol.api.post(`/api/approvals/${approval}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe(`Approval '${approval}' was requested by 'carol@example.com': someone else must decide it.`);

    expect((await admin().post(`/api/approvals/${approval}/approve`, {})).status).toBe(200);
    expect(await callTool(agents.open, token, "purge", { scope: "all" })).toMatchObject({ isError: false, text: "purge ran" });
    expect(peer.calls.purge).toBe(1);
  });
});
