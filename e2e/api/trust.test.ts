import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startEchoPeer, type EchoPeer } from "../support/echo-peer";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintRoleTokens, type TestRole } from "../support/roles";

/**
 * DESIGN §2 step 3, §7, §10: no definition can read the registry's own credentials. An editor controls
 * definitions and a host (the echo peer) and tries every way of making Patchbay send or show them.
 */
const ADMIN_TOKEN = "pb_trust_admin_token_0123456789abcdef";
let patchbay: PatchbayProcess;
let peer: EchoPeer;
let tokens: Record<TestRole, string>;
const as = (role: TestRole) => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${tokens[role]}` });
const admin = () => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });

beforeAll(async () => {
  peer = await startEchoPeer();
  // The widest allowlist there is: even `*` must never admit PATCHBAY_* or DATABASE_URL.
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_ENV_ALLOW: "*", PATCHBAY_SEED_DEMO: "false" } });
  tokens = await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN);
});

afterAll(async () => {
  await patchbay?.stop();
  await peer?.stop();
});

const leaks = () => [ADMIN_TOKEN, patchbay.databaseUrl, patchbay.databaseUrl.replace(/^file:/, "")];

function expectNoLeak(text: string) {
  for (const secret of leaks()) expect(text).not.toContain(secret);
}

describe("an editor cannot read the registry's credentials", () => {
  const server = uniqueName("grabber");
  const agent = uniqueName("grabber-agent");

  beforeAll(async () => {
    const created = await as("editor").post("/api/mcp-servers", httpServer(server, {
      transport: { type: "http", url: peer.url, headers: { "X-K": "${PATCHBAY_ADMIN_TOKEN}", "X-D": "${DATABASE_URL}" } },
    }));
    expect(created.status).toBe(201);
    expect((await as("editor").post("/api/agents", { name: agent, description: "Uses the grabber", mcp_servers: [server] })).status).toBe(201);
  });

  test("blueprints, to every role that may read them, keep the placeholders as written", async () => {
    for (const role of ["viewer", "runner", "editor", "admin"] as const) {
      const got = await as(role).get(`/api/agents/${agent}`);
      expect(got.status).toBe(200);
      expectNoLeak(got.text);
      expect(got.body.agent.mcp_servers[server].headers).toEqual({ "X-K": "${PATCHBAY_ADMIN_TOKEN}", "X-D": "${DATABASE_URL}" });
      const posted = await as(role).post(`/api/agents/${agent}/blueprint?format=claude`, {});
      expectNoLeak(posted.text);
    }
  });

  test("a test connection and a tool call to a host the editor controls never send the values", async () => {
    const before = peer.requests.length;
    const tested = await as("editor").post(`/api/mcp-servers/${server}/test`, {});
    expect(tested.status).toBe(200);
    expectNoLeak(tested.text);
    // An unresolved placeholder is not sent anywhere: the probe stops before connecting and says why.
    expect(tested.body).toMatchObject({ status: "unknown", reason: expect.stringContaining("${PATCHBAY_ADMIN_TOKEN}") });
    const called = await as("editor").post(`/api/mcp-servers/${server}/tools/echo/call`, { arguments: {} });
    expect(called.status).toBe(422);
    expectNoLeak(called.text);

    expect(peer.requests.slice(before)).toEqual([]);
  });

  test("a seed 001 registry whose auth.env names PATCHBAY_ADMIN_TOKEN imports as a placeholder that never resolves", async () => {
    const name = uniqueName("seed001");
    const registry = { plugins: [{ id: name, transport: "http", endpoint: peer.url, auth: { type: "bearer", env: "PATCHBAY_ADMIN_TOKEN" } }] };
    const imported = await admin().post("/api/import?format=mcp-registry", registry);
    expect(imported.status).toBe(200);
    expect((await admin().post("/api/agents", { name: `${name}-agent`, description: "x", mcp_servers: [name] })).status).toBe(201);

    const blueprint = await as("runner").get(`/api/agents/${name}-agent`);
    expectNoLeak(blueprint.text);
    expect(blueprint.body.agent.mcp_servers[name].headers.Authorization).toBe("Bearer ${PATCHBAY_ADMIN_TOKEN}");
    expect(blueprint.body.warnings).toContainEqual(expect.objectContaining({ message: expect.stringContaining("PATCHBAY_ADMIN_TOKEN is the registry's own") }));
  });

  test("no variable may be named after the registry's own credentials", async () => {
    for (const name of ["PATCHBAY_ADMIN_TOKEN", "PATCHBAY_ANYTHING", "DATABASE_URL"]) {
      const refused = await admin().put(`/api/variables/${name}`, { value: "x" });
      expect(refused.status).toBe(400);
    }
  });
});

describe("secrets are bound to where they may be sent", () => {
  const secretValue = `scoped-secret-${uniqueName("v")}`;
  const variable = `SCOPED_${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    const created = await admin().put(`/api/variables/${variable}`, { secret: true, value: secretValue, scope: { hosts: ["localhost"] } });
    expect(created.status).toBe(201);
  });

  test("a server pointed at the scoped host sends it; one pointed elsewhere gets the placeholder", async () => {
    const inScope = uniqueName("in-scope");
    const elsewhere = uniqueName("elsewhere");
    const headers = { Authorization: `Bearer \${${variable}}` };
    await as("editor").post("/api/mcp-servers", httpServer(inScope, { transport: { type: "http", url: `http://localhost:${peer.port}/mcp`, headers } }));
    await as("editor").post("/api/mcp-servers", httpServer(elsewhere, { transport: { type: "http", url: `http://127.0.0.1:${peer.port}/mcp`, headers } }));

    const before = peer.requests.length;
    const inScopeTest = await as("editor").post(`/api/mcp-servers/${inScope}/test`, {});
    const sentInScope = peer.requests.slice(before).map((request) => request.authorization);
    expect(sentInScope).toContain(`Bearer ${secretValue}`);
    // The peer echoed the secret back in its error body: the reason shows the mask instead.
    expect(inScopeTest.text).not.toContain(secretValue);
    expect(inScopeTest.body.reason).toContain("••••");

    const middle = peer.requests.length;
    const elsewhereTest = await as("editor").post(`/api/mcp-servers/${elsewhere}/test`, {});
    expect(elsewhereTest.body).toMatchObject({ status: "unknown", reason: expect.stringContaining(`\${${variable}}`) });
    expect(peer.requests.slice(middle)).toEqual([]);

    const validated = await as("viewer").post(`/api/mcp-servers/${elsewhere}/validate`, {});
    expect(validated.body.warnings).toContainEqual({ path: "/headers/Authorization", message: expect.stringContaining("scoped to hosts localhost, not 127.0.0.1") });
  });

  test("a secret without a scope is refused", async () => {
    const refused = await admin().put("/api/variables/UNSCOPED_SECRET", { secret: true, value: "x" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ path: "/scope", message: expect.stringContaining("required for a secret") });
  });
});
