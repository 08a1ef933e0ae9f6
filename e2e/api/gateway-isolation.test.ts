import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, test } from "vitest";

import { ONE_PER_ROLE, useAuthedPatchbay } from "../support/authed-patchbay";
import { ROLE_ORDER } from "../support/roles";

/**
 * Seed 000's gateway isolation, enforced (DESIGN §19): an agent with `"isolation": "gateway"` hands runners — and
 * every other role — a blueprint that holds only its gateway endpoint. The registry is seed 000's own `mcp.json`
 * (§2 of the seed), its credentials filled from registry secrets; a twin agent without isolation shows what
 * the blueprint would otherwise carry.
 */
const tag = randomUUID().slice(0, 8);
const PLANTED = { irwin: `irwin-key-${tag}`, gee: `gee-token-${tag}` };
const UPSTREAM_URL = "https://mcp.google.com/gee";
const SEED_MCP_JSON = {
  version: "1.0",
  servers: [
    {
      id: "mcp-irwin", transport: "stdio", command: "python", args: ["-m", "ranger.mcp.irwin"],
      capabilities: ["incident:read", "incident:query"], env: { IRWIN_API_KEY: "${IRWIN_API_KEY}" },
    },
    { id: "mcp-google-earth-engine", transport: "sse", url: UPSTREAM_URL, capabilities: ["raster:dnbr", "raster:ndvi"] },
  ],
};
const OPEN = "ranger-open";
const ISOLATED = "ranger-isolated";
const REFERENCES = { irwin: { server: "mcp-irwin" }, gee: { server: "mcp-google-earth-engine" } };
/** Whatever of an upstream must not reach a runner through an isolated agent's blueprint. */
const UPSTREAM_TRACES = [UPSTREAM_URL, "mcp.google.com", "ranger.mcp.irwin", "python", PLANTED.irwin, PLANTED.gee, "IRWIN_API_KEY", "Authorization"];

const fixture = useAuthedPatchbay({ adminToken: "pb_isolation_admin_token_0123456789", group: "isolation", users: ONE_PER_ROLE });

beforeAll(async () => {
  const { admin } = fixture;
  const imported = await admin.request("POST", "/api/import", { rawBody: JSON.stringify(SEED_MCP_JSON), headers: { "Content-Type": "application/json" } });
  expect(imported.status, imported.text).toBe(200);
  const patched = await admin.patch("/api/mcp-servers/mcp-google-earth-engine", { transport: { headers: { Authorization: "Bearer ${GEE_TOKEN}" } } });
  expect(patched.status, patched.text).toBe(200);
  for (const [name, value, server] of [["IRWIN_API_KEY", PLANTED.irwin, "mcp-irwin"], ["GEE_TOKEN", PLANTED.gee, "mcp-google-earth-engine"]]) {
    const put = await admin.put(`/api/variables/${name}`, { secret: true, value, scope: { servers: [server] } });
    expect(put.status, put.text).toBeLessThan(300);
  }
  for (const body of [
    { name: OPEN, description: "Seed 000 skills, direct", mcp_servers: REFERENCES },
    { name: ISOLATED, description: "Seed 000 skills, behind the gateway", mcp_servers: REFERENCES, isolation: "gateway" },
  ]) {
    const created = await admin.post("/api/agents", body);
    expect(created.status, created.text).toBe(201);
  }
}, 60_000);

describe("agent isolation: gateway (seed 000, DESIGN §19)", () => {
  test("without it, a runner's blueprint carries the upstream URL and the secrets in clear (what isolation prevents)", async () => {
    const blueprint = await fixture.as.runner.get(`/api/agents/${OPEN}`);

    expect(blueprint.status).toBe(200);
    expect(blueprint.body.agent.mcp_servers.gee).toEqual({ type: "sse", url: UPSTREAM_URL, headers: { Authorization: `Bearer ${PLANTED.gee}` } });
    expect(blueprint.body.agent.mcp_servers.irwin.env).toEqual({ IRWIN_API_KEY: PLANTED.irwin });
  });

  test("with it, every role's blueprint — GET, POST …/blueprint, each client file — holds only the gateway endpoint", async () => {
    const gateway = `${fixture.process.baseUrl}/mcp/agents/${ISOLATED}`;
    for (const role of ROLE_ORDER) {
      const client = fixture.as[role];
      const answers = {
        get: await client.get(`/api/agents/${ISOLATED}`),
        post: await client.post(`/api/agents/${ISOLATED}/blueprint`, { parameters: { gee: {} } }),
        production: await client.get(`/api/agents/${ISOLATED}?environment=production`),
        claude: await client.post(`/api/agents/${ISOLATED}/blueprint?format=claude`, {}),
        cursor: await client.post(`/api/agents/${ISOLATED}/blueprint?format=cursor`, {}),
        vscode: await client.post(`/api/agents/${ISOLATED}/blueprint?format=vscode`, {}),
      };
      for (const [request, answer] of Object.entries(answers)) {
        expect(answer.status, `${role} ${request}: ${answer.text}`).toBe(200);
        expect(UPSTREAM_TRACES.filter((trace) => answer.text.includes(trace)), `${role} ${request}`).toEqual([]);
      }
      expect(answers.get.body.agent.mcp_servers).toEqual({ [`patchbay-${ISOLATED}`]: { type: "http", url: gateway } });
      expect(answers.get.body.agent.isolation).toBe("gateway");
      expect(answers.post.body.agent.mcp_servers).toEqual({ [`patchbay-${ISOLATED}`]: { type: "http", url: gateway } });
      expect(answers.production.body.agent.mcp_servers).toEqual({ [`patchbay-${ISOLATED}`]: { type: "http", url: `${gateway}?environment=production` } });
      expect(answers.cursor.body).toEqual({ mcpServers: { [`patchbay-${ISOLATED}`]: { type: "http", url: gateway } } });
    }
  });

  test("the endpoint it names is the agent's gateway: a runner token initializes a session there", async () => {
    const blueprint = await fixture.as.runner.get(`/api/agents/${ISOLATED}`);
    const { url } = blueprint.body.agent.mcp_servers[`patchbay-${ISOLATED}`];
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${fixture.tokens.runner}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "runner", version: "1" } } }),
    });
    const text = await response.text();

    expect(response.status, text).toBe(200);
    expect(text).toContain(`"name":"patchbay/${ISOLATED}"`);
  });

  test("any other isolation, or an inline config beside it, is refused with 400 naming the field, and nothing is written", async () => {
    for (const isolation of ["none", "direct", true, { mode: "gateway" }]) {
      const refused = await fixture.admin.post("/api/agents", { name: `ranger-${tag}`, description: "Refused", mcp_servers: REFERENCES, isolation });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual(["/isolation"]);
    }
    const patched = await fixture.admin.patch(`/api/agents/${ISOLATED}`, { isolation: "off" });
    expect(patched.status).toBe(400);
    expect(patched.body.errors.map((error: { path: string }) => error.path)).toEqual(["/isolation"]);
    // Its gateway serves registry servers only: an inline config would reach runners through the stored agent.
    const inline = await fixture.admin.post("/api/agents", {
      name: `ranger-${tag}`, description: "Refused", isolation: "gateway", mcp_servers: { gee: { type: "sse", url: UPSTREAM_URL } },
    });
    expect(inline.status, inline.text).toBe(400);
    expect(inline.body.errors.map((error: { path: string }) => error.path)).toEqual(["/mcp_servers/gee"]);
    expect((await fixture.admin.get(`/api/agents/${`ranger-${tag}`}`)).status).toBe(404);
    expect((await fixture.admin.get(`/api/agents/${ISOLATED}?raw=true`)).body.agent.isolation).toBe("gateway");
  });
});
