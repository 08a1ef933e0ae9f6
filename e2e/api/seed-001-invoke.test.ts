import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { httpServer, uniqueName } from "../support/api-client";
import { useAuthedPatchbay } from "../support/authed-patchbay";
import { startEverythingHttp } from "../support/mcp-peers";
import { startPipelinePeer, type PipelinePeer } from "../support/pipeline-peer-process";
import { stopProcess } from "../support/patchbay-process";

/**
 * DESIGN §19, seed 001: `{"action": "plugin.action", "input", "context", "response"}` with neither agent nor
 * capability calls server `plugin`'s tool `action`; an imported mcp_registry.json keeps each action's
 * output_schema, timeout_ms and retry (resilience.tools.{name}), named without the plugin's prefix.
 */
const ADMIN_TOKEN = "pb_seed001_invoke_admin_token_0123";
const group = uniqueName("seed1");
const weather = `${group}-weather`;
const imported = `${group}-wx`;

const patchbay = useAuthedPatchbay({ adminToken: ADMIN_TOKEN, group, users: { runner: "runner", editor: "editor", viewer: "viewer" } });
let everything: { url: string; stop: () => Promise<void> };
let peer: PipelinePeer;

const failNextCalls = (status: number, count: number) => fetch(peer.url.replace("/mcp", `/control/fail?status=${status}&count=${count}`));

/** The seed's own mcp_registry.json example, its endpoint pointing at a real MCP peer (no auth: nothing to sign in with). */
function seedRegistry(id: string, endpoint: string, actions: Record<string, unknown>[]) {
  return JSON.stringify({ plugins: [{ id, transport: "http", endpoint, actions }] });
}

const SEED_OUTPUT_SCHEMA = {
  type: "object",
  required: ["type", "content"],
  properties: { type: { enum: ["text", "image", "audio"] }, content: {}, mime_type: { type: "string" }, metadata: { type: "object" } },
};

beforeAll(async () => {
  [everything, peer] = await Promise.all([startEverythingHttp(), startPipelinePeer()]);
  const created = await patchbay.admin.post("/api/mcp-servers", httpServer(weather, {
    transport: { type: "http", url: everything.url },
    tool_policy: { tools: { echo: { allowed_when: { properties: { context: { properties: { task_state: { not: { const: "BLOCKED" } } } } } } } } },
  }));
  expect(created.status, created.text).toBe(201);
  expect((await patchbay.admin.post(`/api/mcp-servers/${weather}/health-check`, {})).body.status).toBe("healthy");
}, 120_000);

afterAll(async () => {
  await Promise.all([everything?.stop(), peer && stopProcess(peer.child)]);
});

describe("POST /api/invoke with plugin.action and neither agent nor capability (seed 001)", { timeout: 60_000 }, () => {
  const seedRequest = (action: string, input: Record<string, unknown>, context: Record<string, unknown> = {}) => ({
    action, input, context: { session_id: "abc123", locale: "es-ES", trace_id: "seed001-trace", ...context }, response: { format: "auto", stream: false },
  });

  test("calls that server's tool and answers the unified response; /api/v1/mcp/test does the same", async () => {
    for (const path of ["/api/invoke", "/api/v1/mcp/test"]) {
      const answered = await patchbay.as.runner.post(path, seedRequest(`${weather}.echo`, { message: "Madrid" }));
      expect(answered.status, answered.text).toBe(200);
      expect(answered.body).toEqual({
        type: "text", content: "Echo: Madrid", mime_type: "text/plain",
        metadata: { provider: weather, latency_ms: expect.any(Number), attempts: 1, trace_id: "seed001-trace" }, stream: false,
      });
    }
    const { calls } = (await patchbay.as.viewer.get(`/api/calls?server=${weather}`)).body;
    expect(calls[0]).toMatchObject({ tool: `${weather}.echo`, server: weather, agent: null, capability: null, outcome: "ok" });
  });

  test("the server's tool_policy still applies (403 naming the rule); below runner the call is refused", async () => {
    const denied = await patchbay.as.runner.post("/api/invoke", seedRequest(`${weather}.echo`, { message: "x" }, { task_state: "BLOCKED" }));
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toContain("tool_policy.tools['echo'].allowed_when");
    expect((await patchbay.as.viewer.post("/api/invoke", seedRequest(`${weather}.echo`, { message: "x" }))).status).toBe(403);
  });

  test("an unknown server or tool is a 404 naming it, an action without a dot a 400 on /action: problem+json, never a 500", async () => {
    const noServer = await patchbay.as.runner.post("/api/invoke", seedRequest(`${group}-nowhere.query`, {}));
    expect(noServer.status).toBe(404);
    expect(noServer.headers.get("content-type")).toContain("application/problem+json");
    expect(noServer.body.detail).toBe(`Action '${group}-nowhere.query' names no MCP server: there is no server '${group}-nowhere'.`);

    const noTool = await patchbay.as.runner.post("/api/invoke", seedRequest(`${weather}.forecast`, {}));
    expect(noTool.status).toBe(404);
    expect(noTool.body.detail).toContain(`has no tool '${weather}.forecast'`);

    const bare = await patchbay.as.runner.post("/api/invoke", seedRequest("echo", {}));
    expect(bare.status).toBe(400);
    expect(bare.headers.get("content-type")).toContain("application/problem+json");
    expect(bare.body.errors).toEqual([{ path: "/action", message: "must be 'server.tool' when neither agent nor capability is given" }]);

    const both = await patchbay.as.runner.post("/api/invoke", { action: `${weather}.echo`, agent: "a", capability: "b", input: {} });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ path: "/agent", message: "at most one of agent and capability may be given" }]);
  });

  test("the input is still checked against the tool's input schema (400 by /input path)", async () => {
    const invalid = await patchbay.as.runner.post("/api/invoke", seedRequest(`${weather}.echo`, { message: 5 }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([{ path: "/input/message", message: expect.any(String) }]);
  });
});

describe("importing the seed's mcp_registry.json keeps each action's output_schema, timeout_ms and retry", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    const registry = seedRegistry(imported, peer.url, [
      { name: `${imported}.echo`, input_schema: { type: "object", properties: { text: { type: "string" } } }, output_schema: SEED_OUTPUT_SCHEMA, timeout_ms: 5000, retry: { retries: 3, backoff: "exponential", min_ms: 10, max_ms: 20 } },
      { name: `${imported}.hang`, timeout_ms: 300, retry: { retries: 0 } },
      { name: `${imported}.picture`, retry: { retries: 0 } },
    ]);
    const report = await patchbay.admin.request("POST", "/api/import", { rawBody: registry });
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({ format: "mcp-registry", created: [{ name: imported }], errors: [] });
    expect((await patchbay.admin.post(`/api/mcp-servers/${imported}/health-check`, {})).body.status).toBe("healthy");
  }, 60_000);

  test("tools are named without the plugin prefix, keep output_schema, and the settings land in resilience.tools", async () => {
    const { mcp_server: server } = (await patchbay.as.editor.get(`/api/mcp-servers/${imported}?raw=true`)).body;
    expect(server.tools.map((tool: { name: string }) => tool.name)).toEqual(["echo", "hang", "picture"]);
    expect(server.tools[0].output_schema).toEqual(SEED_OUTPUT_SCHEMA);
    expect(server.resilience).toEqual({ tools: {
      echo: { timeout_ms: 5000, retries: 3, backoff: { min_ms: 10, max_ms: 20 } },
      hang: { timeout_ms: 300, retries: 0 },
      picture: { retries: 0 },
    } });
    const plugin = (await patchbay.as.viewer.get("/api/v1/mcp/registry")).body.plugins.find((each: { id: string }) => each.id === imported);
    const actions = Object.fromEntries(plugin.actions.map((action: { name: string; timeout_ms: number; retry: { retries: number } }) => [action.name, [action.timeout_ms, action.retry.retries]]));
    expect(actions).toMatchObject({ [`${imported}.echo`]: [5000, 3], [`${imported}.hang`]: [300, 0], [`${imported}.picture`]: [30_000, 0] });
  });

  test("an action's timeout_ms is the call's timeout (504 after 300 ms, not the server's 30000)", async () => {
    const answered = await patchbay.as.runner.post("/api/invoke", { action: `${imported}.hang`, input: {} });
    expect(answered.status).toBe(504);
    expect(answered.body.detail).toContain("timeout after 300 ms");
  });

  test("an action's retry.retries is the call's: 3 retries get through 3 failures; 0 retries give up on the first", async () => {
    await failNextCalls(503, 3);
    const retried = await patchbay.as.runner.post("/api/invoke", { action: `${imported}.echo`, input: { text: "after three 503s" } });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.metadata.attempts).toBe(4);

    await failNextCalls(503, 1);
    const once = await patchbay.as.runner.post("/api/invoke", { action: `${imported}.picture`, input: {} });
    expect(once.status).toBe(502);
    const { calls } = (await patchbay.as.viewer.get(`/api/calls?server=${imported}`)).body;
    expect(calls[0]).toMatchObject({ tool: `${imported}.picture`, outcome: "upstream_error", attempts: 1 });
  });

  test("an action with timeout_ms -1 is refused naming the field; nothing is written (fail), nor that plugin (skip)", async () => {
    const bad = `${group}-bad`;
    const registry = seedRegistry(bad, peer.url, [{ name: `${bad}.query`, timeout_ms: -1 }]);
    for (const query of ["", "?on_conflict=skip"]) {
      const report = await patchbay.admin.request("POST", `/api/import${query}`, { rawBody: registry });
      expect(report.status).toBe(query === "" ? 422 : 200);
      expect(report.body.errors).toEqual([{ path: "/plugins/0/actions/0/timeout_ms", message: `action '${bad}.query': timeout_ms must be a whole number of milliseconds from 1 to 600000` }]);
      expect(report.body.created).toEqual([]);
      expect((await patchbay.as.viewer.get(`/api/mcp-servers/${bad}`)).status).toBe(404);
    }
  });
});

describe("a plain HTTP (non-MCP) endpoint plugin", { timeout: 60_000 }, () => {
  // Seed 001's own http transport: POST a JSON request, get its unified JSON response back — no MCP.
  const plain = http.createServer((request, response) => {
    request.resume();
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ type: "text", content: "Lluvia probable 70%", mime_type: "text/plain" }));
  });
  beforeAll(() => new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => plain.close(() => resolve())));

  test("imports, and the report says why it cannot be called (not MCP); an MCP plugin beside it gets no warning", async () => {
    const [rest, mcp] = [`${group}-rest`, `${group}-mcp`];
    const endpoint = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/api`;
    const registry = JSON.stringify({ plugins: [
      { id: rest, transport: "http", endpoint, actions: [{ name: `${rest}.query` }] },
      { id: mcp, transport: "http", endpoint: peer.url, actions: [{ name: `${mcp}.echo` }] },
    ] });
    const report = await patchbay.admin.request("POST", "/api/import", { rawBody: registry });
    expect(report.status, report.text).toBe(200);
    expect(report.body.created).toEqual([{ name: rest }, { name: mcp }]);
    expect(report.body.warnings).toEqual([{
      name: rest,
      message: expect.stringMatching(/^imported, but its endpoint is not an MCP server \(the probe found: not an MCP server: .+\); a plain HTTP plugin cannot be called through Patchbay: point endpoint at the plugin's MCP server/),
    }]);
    expect((await patchbay.as.viewer.get(`/api/mcp-servers/${rest}/health`)).body.health.status).toBe("not_mcp");

    const dry = await patchbay.admin.request("POST", "/api/import?dry_run=true&on_conflict=overwrite", { rawBody: registry });
    expect(dry.body.warnings).toBeUndefined();
  });
});
