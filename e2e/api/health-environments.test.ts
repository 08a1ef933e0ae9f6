import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startModernPeer } from "../../lib/mcp/modern-peer";
import { startEverything, startHttpPeer, type EverythingServer, type Peer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

// The scheduler sweeps three environments every second; the registry's own is development (the default).
const env = {
  PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "1", PATCHBAY_RATE_TESTS_PER_MIN: "10000",
  PATCHBAY_HEALTH_ENVIRONMENTS: "development,staging,production",
};
let patchbay: PatchbayProcess;
let api: ReturnType<typeof apiClient>;
let everything: EverythingServer;
let modern: Awaited<ReturnType<typeof startModernPeer>>;
let missing: Peer;
const group = uniqueName("envs");
const names = { spread: `${group}-spread`, gone: `${group}-gone` };

beforeAll(async () => {
  [patchbay, everything, modern, missing] = await Promise.all([
    startPatchbay({ env }), startEverything("streamableHttp"), startModernPeer(), startHttpPeer((_req, res) => res.writeHead(404).end()),
  ]);
  api = apiClient(patchbay.baseUrl);
  // One server, three environments; its path is a required parameter the scheduler takes from health_parameters.
  const spread = httpServer(names.spread, {
    tags: [group],
    transport: { type: "http", url: `http://127.0.0.1:${everything.port}/{{path}}` },
    environments: { staging: { url: `${modern.url}/{{path}}` }, production: { url: `${missing.url}/{{path}}` } },
    parameters_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    health_parameters: { path: "mcp" },
  });
  const gone = httpServer(names.gone, { tags: [group], transport: { type: "http", url: `${missing.url}/mcp` } });
  for (const body of [spread, gone]) expect((await api.post("/api/mcp-servers", body)).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await Promise.all([patchbay?.stop(), everything?.stop(), modern?.close(), missing?.close()]);
});

const healthIn = async (name: string, environment?: string) =>
  (await api.get(`/api/mcp-servers/${name}/health${environment ? `?environment=${environment}` : ""}`)).body;

describe("health per (server, environment)", { timeout: 60_000 }, () => {
  test("the scheduler probes every environment of PATCHBAY_HEALTH_ENVIRONMENTS with health_parameters, each kept apart", async () => {
    await waitUntil(async () => {
      const all = await Promise.all(["development", "staging", "production"].map((environment) => healthIn(names.spread, environment)));
      return all.every((body) => body.history.length > 0);
    }, 40_000, "a sweep recorded every environment");

    const [development, staging, production] = await Promise.all(["development", "staging", "production"].map((e) => healthIn(names.spread, e)));
    expect(development).toMatchObject({ environment: "development", health: { status: "healthy", era: "legacy", environment: "development" } });
    expect(staging).toMatchObject({
      environment: "staging",
      health: { status: "healthy", era: "2026-07-28", protocol_version: "2026-07-28", server_info: { name: "patchbay-modern-peer" }, environment: "staging" },
    });
    expect(production).toMatchObject({ environment: "production", health: { status: "not_mcp", reason: "HTTP 404 Not Found", environment: "production" } });
    for (const body of [development, staging, production]) {
      expect(body.history.every((entry: { environment: string }) => entry.environment === body.environment)).toBe(true);
    }
    // Without ?environment= it is the registry's own.
    expect((await healthIn(names.spread)).environment).toBe("development");
  });

  test("list summaries and ?health= use the registry's own environment; not_mcp is a filter of its own", async () => {
    await waitUntil(async () => (await healthIn(names.gone)).history.length > 0, 40_000, "the 404 server was probed");
    const list = await api.get(`/api/mcp-servers?tags=${group}`);
    const statuses = Object.fromEntries(list.body.mcp_servers.map((s: { name: string; health: { status: string } }) => [s.name, s.health.status]));
    expect(statuses).toEqual({ [names.spread]: "healthy", [names.gone]: "not_mcp" });

    const notMcp = await api.get(`/api/mcp-servers?tags=${group}&health=not_mcp`);
    expect(notMcp.body.mcp_servers.map((s: { name: string }) => s.name)).toEqual([names.gone]);
  });

  test("a Test or re-check records under the environment it ran in and never overwrites another's", async () => {
    const tested = await api.post(`/api/mcp-servers/${names.spread}/test`, { environment: "production" });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ status: "not_mcp", environment: "production" });
    const rechecked = await api.post(`/api/mcp-servers/${names.spread}/health-check?environment=staging`);
    expect(rechecked.body).toMatchObject({ status: "healthy", era: "2026-07-28", environment: "staging" });

    const production = await healthIn(names.spread, "production");
    expect(production.history.map((entry: { checked_at: string }) => entry.checked_at)).toContain(tested.body.checked_at);
    const staging = await healthIn(names.spread, "staging");
    expect(staging.history.map((entry: { checked_at: string }) => entry.checked_at)).toContain(rechecked.body.checked_at);
    // The registry's own environment still reads its own result, in GET …/health and in the list.
    expect((await healthIn(names.spread)).health).toMatchObject({ status: "healthy", era: "legacy", environment: "development" });
    const list = await api.get(`/api/mcp-servers?tags=${group}&health=healthy`);
    expect(list.body.mcp_servers.map((s: { name: string }) => s.name)).toEqual([names.spread]);
  });

  test("a re-check takes DESIGN §3's optional body: its environment and parameters; a bad body is a 400", async () => {
    const rechecked = await api.post(`/api/mcp-servers/${names.spread}/health-check`, { environment: "staging" });
    expect(rechecked.body).toMatchObject({ status: "healthy", era: "2026-07-28", environment: "staging" });
    // Over health_parameters ({path: "mcp"}): a path the upstream does not serve.
    const elsewhere = await api.post(`/api/mcp-servers/${names.spread}/health-check`, { parameters: { path: "nowhere" } });
    expect(elsewhere.body).toMatchObject({ environment: "development" });
    expect(elsewhere.body.status).not.toBe("healthy");

    for (const [body, path] of [['{"environment":', ""], ["[]", ""], ['{"foo":1}', "/foo"], ['{"parameters":[1]}', "/parameters"]] as const) {
      const refused = await api.request("POST", `/api/mcp-servers/${names.spread}/health-check`, { rawBody: body, headers: { "Content-Type": "application/json" } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
  });

  test("a malformed ?environment= is a 400 naming the field, and changes nothing", async () => {
    const before = (await healthIn(names.spread, "staging")).history.length;
    const refused = await api.post(`/api/mcp-servers/${names.spread}/health-check?environment=${encodeURIComponent("no such/env")}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "/environment", message: expect.stringContaining("letters, digits") }]);
    const read = await api.get(`/api/mcp-servers/${names.spread}/health?environment=${encodeURIComponent("no such/env")}`);
    expect(read.status).toBe(400);
    expect((await healthIn(names.spread, "staging")).history.length).toBeGreaterThanOrEqual(before);
  });
});
