import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { startEverything, startHttpPeer, freePort, type EverythingServer, type Peer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));
const group = uniqueName("negotiate");
const strings = { search: `${group}:search`, write: `${group}:write`, param: `${group}:param`, none: `${group}:none`, fickle: `${group}:fickle` };
const names = { live: `${group}-live`, dead: `${group}-dead`, templated: `${group}-templated` };
let everything: EverythingServer;
let notMcp: Peer;

beforeAll(async () => {
  [everything, notMcp] = await Promise.all([startEverything("streamableHttp"), startHttpPeer((_req, res) => res.writeHead(404).end())]);
  const closedPort = await freePort();
  const servers = [
    // Healthy in the registry's own environment; in staging its URL answers 404 (not an MCP server).
    httpServer(names.live, {
      transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` },
      environments: { staging: { url: `${notMcp.url}/mcp` } },
      provides: [strings.search],
    }),
    // Nothing listens on its port: unhealthy once checked; never checked in staging.
    httpServer(names.dead, { transport: { type: "http", url: `http://127.0.0.1:${closedPort}/mcp` }, provides: [strings.search, strings.write] }),
    // Its URL needs a parameter the caller must give.
    httpServer(names.templated, {
      transport: { type: "http", url: `http://127.0.0.1:${everything.port}/{{path}}` },
      parameters_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      provides: [strings.param],
    }),
  ];
  for (const body of servers) expect((await api.post("/api/mcp-servers", body)).status).toBe(201);
  const checks = await Promise.all([
    api.post(`/api/mcp-servers/${names.live}/health-check`, {}),
    api.post(`/api/mcp-servers/${names.dead}/health-check`, {}),
    api.post(`/api/mcp-servers/${names.live}/health-check?environment=staging`, {}),
  ]);
  expect(checks.map((check) => [check.status, check.body.status])).toEqual([[200, "healthy"], [200, "unhealthy"], [200, "not_mcp"]]);
}, 60_000);

afterAll(async () => Promise.all([everything?.stop(), notMcp?.close()]));

describe("POST /api/negotiate (DESIGN §12, seed 000)", () => {
  test("a string with a healthy provider is BOUND to it, over an unhealthy one, with its resolved config", async () => {
    const response = await api.post("/api/negotiate", { requires: [strings.search] });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: "BOUND", missing: [], warnings: [],
      bindings: { [strings.search]: { server: names.live, config: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` }, health: { status: "healthy" } } },
    });
  });

  test("an unhealthy server binds only when nothing else provides the string, and leaves the result DEGRADED", async () => {
    const response = await api.post("/api/negotiate", { requires: [strings.search, strings.write] });

    expect(response.status).toBe(200);
    expect(response.body.status).toBe("DEGRADED");
    expect(Object.fromEntries(Object.entries(response.body.bindings).map(([string, binding]: [string, any]) => [string, [binding.server, binding.health.status]])))
      .toEqual({ [strings.search]: [names.live, "healthy"], [strings.write]: [names.dead, "unhealthy"] });
    expect(response.body.missing).toEqual([]);
    expect(response.body.warnings).toEqual([{ path: `/bindings/${strings.write}`, message: `bound to '${names.dead}', whose health is unhealthy` }]);
  });

  test("a string nobody provides is missing", async () => {
    const response = await api.post("/api/negotiate", { requires: [strings.search, strings.none] });

    expect(response.body).toMatchObject({ status: "DEGRADED", missing: [strings.none] });
    expect(Object.keys(response.body.bindings)).toEqual([strings.search]);
  });

  test("the environment decides: in staging an unknown provider ranks above one that is not an MCP server", async () => {
    const response = await api.post("/api/negotiate", { requires: [strings.search], environment: "staging" });

    expect(response.body).toMatchObject({ status: "DEGRADED", environment: "staging", bindings: { [strings.search]: { server: names.dead, health: { status: "unknown" } } } });
  });

  test("parameters are given per string; a provider that cannot be resolved without them is passed over and said why", async () => {
    const without = await api.post("/api/negotiate", { requires: [strings.param] });
    expect(without.body).toMatchObject({ status: "DEGRADED", bindings: {}, missing: [strings.param] });
    expect(without.body.warnings).toHaveLength(1);
    expect(without.body.warnings[0]).toMatchObject({ path: `/bindings/${strings.param}` });
    expect(without.body.warnings[0].message).toContain(`'${names.templated}' provides it but cannot be resolved`);

    const withParameters = await api.post("/api/negotiate", { requires: [strings.param], parameters: { [strings.param]: { path: "mcp" } } });
    expect(withParameters.body.bindings[strings.param]).toMatchObject({ server: names.templated, config: { url: `http://127.0.0.1:${everything.port}/mcp` } });
  });

  test.each([
    [{}, "/requires"],
    [{ requires: [] }, "/requires"],
    [{ requires: [strings.search], parameters: { [strings.none]: {} } }, `/parameters/${strings.none}`],
    [{ requires: [strings.search], environment: "not an environment" }, "/environment"],
  ])("bad input %j is a 400 naming %s", async (body, path) => {
    const response = await api.post("/api/negotiate", body);

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });
});

describe("{\"provides\": …} references bind the same way at resolution time", () => {
  test("a blueprint names the best provider; when its health falls, the next read binds another and warns", async () => {
    const fickle = await startEverything("streamableHttp");
    const [first, second] = [`${group}-fickle-a`, `${group}-fickle-b`];
    const closedPort = await freePort();
    try {
      expect((await api.post("/api/mcp-servers", httpServer(first, { transport: { type: "http", url: `http://127.0.0.1:${fickle.port}/mcp` }, provides: [strings.fickle] }))).status).toBe(201);
      expect((await api.post("/api/mcp-servers", httpServer(second, { transport: { type: "http", url: `http://127.0.0.1:${closedPort}/mcp` }, provides: [strings.fickle] }))).status).toBe(201);
      const capability = `${group}-cap`;
      const agent = `${group}-agent`;
      expect((await api.post("/api/capabilities", { name: capability, description: "binds by capability string", mcp_servers: { finder: { provides: strings.fickle } } })).status).toBe(201);
      expect((await api.post("/api/agents", { name: agent, description: "uses it", capabilities: [capability] })).status).toBe(201);
      expect((await api.post(`/api/mcp-servers/${first}/health-check`, {})).body.status).toBe("healthy");

      const healthy = await api.get(`/api/agents/${agent}`);
      expect(healthy.status).toBe(200);
      expect(healthy.body.agent.mcp_servers).toEqual({ finder: { type: "http", url: `http://127.0.0.1:${fickle.port}/mcp` } });
      expect(healthy.body.warnings).toEqual([]);
      const tools = await api.get(`/api/agents/${agent}/tools`);
      expect(tools.body.tools.map((tool: { name: string }) => tool.name)).toContain("finder.echo");
      expect(tools.body.tools.find((tool: { name: string }) => tool.name === "finder.echo").origin.server).toBe(first);

      // Health alone changes (no definition does): the first provider is now unhealthy, the second unknown.
      await fickle.stop();
      expect((await api.post(`/api/mcp-servers/${first}/health-check`, {})).body.status).toBe("unhealthy");
      const rebound = await api.get(`/api/agents/${agent}`);
      expect(rebound.body.agent.mcp_servers).toEqual({ finder: { type: "http", url: `http://127.0.0.1:${closedPort}/mcp` } });
      expect(rebound.body.warnings).toEqual([{ path: "/mcp_servers/finder", message: `capability ${capability}: '${strings.fickle}' is bound to MCP server '${second}', whose health is unknown` }]);
      const blueprint = await api.post(`/api/agents/${agent}/blueprint`, {});
      expect(blueprint.body.agent.mcp_servers.finder.url).toBe(`http://127.0.0.1:${closedPort}/mcp`);
    } finally {
      await fickle.stop();
    }
  });

  test("a capability string nothing provides makes the blueprint unresolvable at the reference's path", async () => {
    const agent = `${group}-orphan`;
    expect((await api.post("/api/agents", { name: agent, description: "needs what nobody offers", mcp_servers: { gis: { provides: strings.none } } })).status).toBe(201);

    const response = await api.get(`/api/agents/${agent}`);

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "/mcp_servers/gis", message: `agent ${agent}: no MCP server provides '${strings.none}'` }]);
  });

  test.each([
    [{ provides: "" }, "/mcp_servers/x/provides"],
    [{ provides: "gis:ok", extra: true }, "/mcp_servers/x/extra"],
  ])("a malformed provides reference %j is a 400 at %s", async (reference, path) => {
    const response = await api.post("/api/agents", { name: uniqueName("bad-provides"), description: "bad", mcp_servers: { x: reference } });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });
});
