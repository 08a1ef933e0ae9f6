import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  EVERYTHING, freePort, startEverything, startHttpPeer, startRecordingProxy,
  type EverythingServer, type Peer,
} from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

// Scheduler off (TEST_ENV): only /test and /health-check probe here, so 169.254.169.254 may be registered.
let patchbay: PatchbayProcess;
let api: ReturnType<typeof apiClient>;
let streamable: EverythingServer;
let sse: EverythingServer;
let unauthorized: Peer;
let failing: Peer;
let denied: Peer;
const group = uniqueName("probe");
const dir = mkdtempSync(path.join(tmpdir(), "patchbay-health-api-"));
/** Whole command lines (DESIGN §7): the reference server over stdio, and any `ok-*.js` script in `dir`. */
const STDIO_ALLOW = `node ${EVERYTHING} stdio, node ${dir}/ok-*.js`;

const R_KEYS = [
  "status", "ok", "reason", "latency_ms", "checked_at", "server_info", "protocol_version", "tool_count",
  "era", "protocol_versions", "capabilities", "auth", "notes", "environment", "drift",
];

async function register(suffix: string, transport: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const name = `${group}-${suffix}`;
  const created = await api.post("/api/mcp-servers", httpServer(name, { transport, tags: [group], ...extra }));
  expect(created.status, created.text).toBe(201);
  return name;
}

function expectHealthy(body: Record<string, any>) {
  expect(body).toMatchObject({ status: "healthy", ok: true, reason: null, protocol_version: expect.any(String), server_info: { name: "mcp-servers/everything" } });
  expect(body.tool_count).toBeGreaterThan(0);
}

beforeAll(async () => {
  [patchbay, streamable, sse] = await Promise.all([
    startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_STDIO_ALLOW: STDIO_ALLOW, PATCHBAY_OUTBOUND_DENY: "127.0.0.2/32", PATCHBAY_RATE_TESTS_PER_MIN: "10000", PATCHBAY_SEED_DEMO: "false" } }),
    startEverything("streamableHttp"),
    startEverything("sse"),
  ]);
  api = apiClient(patchbay.baseUrl);
  unauthorized = await startHttpPeer((_req, res) => res.writeHead(401, { "www-authenticate": "Bearer" }).end("token required"));
  failing = await startHttpPeer((_req, res) => res.writeHead(500).end("boom"));
  denied = await startHttpPeer((_req, res) => res.end(), "127.0.0.2");
});

afterAll(async () => {
  await Promise.all([patchbay?.stop(), streamable?.stop(), sse?.stop(), unauthorized?.close(), failing?.close(), denied?.close()]);
});

describe("POST /api/mcp-servers/:name/test against real peers", () => {
  test.each([
    ["streamable HTTP", () => ({ type: "http", url: `http://127.0.0.1:${streamable.port}/mcp` })],
    ["SSE", () => ({ type: "sse", url: `http://127.0.0.1:${sse.port}/sse` })],
    ["stdio (node, allowed)", () => ({ type: "stdio", command: "node", args: [EVERYTHING, "stdio"] })],
  ])("%s — 200 healthy with R and the tools, and the probe is recorded", async (label, transport) => {
    const name = await register(label.split(" ")[0].toLowerCase(), transport());

    const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
    expect(tested.status, tested.text).toBe(200);
    expect(Object.keys(tested.body)).toEqual([...R_KEYS, "tools"]);
    expectHealthy(tested.body);
    expect(tested.body.tools).toHaveLength(tested.body.tool_count);
    expect(tested.body.tools.find((tool: { name: string }) => tool.name === "echo")).toEqual({
      name: "echo", description: expect.any(String), input_schema: expect.objectContaining({ type: "object" }),
    });

    const health = await api.get(`/api/mcp-servers/${name}/health`);
    const { tools: _tools, ...recorded } = tested.body;
    expect(recorded).toMatchObject({ era: "legacy", environment: "development" });
    expect(health.body).toEqual({ name, environment: "development", health: recorded, history: [recorded] });
  });

  test("401 → auth_required (reachable, needs credentials)", async () => {
    const name = await register("unauthorized", { type: "http", url: `${unauthorized.url}/mcp` });
    const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ status: "auth_required", ok: false, reason: "HTTP 401 Unauthorized: token required", tools: [] });
  });

  test("500 → unhealthy, with the status in the reason", async () => {
    const name = await register("failing", { type: "http", url: `${failing.url}/mcp` });
    const checked = await api.post(`/api/mcp-servers/${name}/health-check`);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ status: "unhealthy", ok: false, reason: "HTTP 500 Internal Server Error: boom" });
    expect(Object.keys(checked.body)).toEqual(R_KEYS);
  });

  test("the cloud metadata address is refused before connecting: skipped, 'blocked by outbound policy: 169.254.169.254'", async () => {
    const name = await register("metadata", { type: "http", url: "http://169.254.169.254/latest/mcp" });
    const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ status: "skipped", ok: false, reason: "blocked by outbound policy: 169.254.169.254", latency_ms: null, tools: [] });
    expect((await api.delete(`/api/mcp-servers/${name}`)).status).toBe(204);
  });

  test("a deny-listed loopback address is refused without any TCP connection", async () => {
    const name = await register("denied", { type: "sse", url: `${denied.url}/sse` });
    const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
    expect(tested.body).toMatchObject({ status: "skipped", reason: "blocked by outbound policy: 127.0.0.2" });
    expect(denied.connections()).toBe(0);
  });

  test("a stdio command outside PATCHBAY_STDIO_ALLOW is not run: skipped", async () => {
    const marker = path.join(dir, "touched");
    const name = await register("touch", { type: "stdio", command: "touch", args: [marker] });
    const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
    expect(tested.body).toMatchObject({ status: "skipped", reason: `stdio command not allowed by PATCHBAY_STDIO_ALLOW: touch. To run exactly this command line, add the entry "touch ${marker}" to PATCHBAY_STDIO_ALLOW (a comma-separated list) and restart Patchbay`, latency_ms: null });
    expect(existsSync(marker)).toBe(false);
  });

  test("an allowed command with arguments outside every allowed command line never runs: skipped, no file written", async () => {
    const marker = path.join(dir, "written-by-evil");
    const evil = path.join(dir, "evil.js");
    writeFileSync(evil, `require("fs").writeFileSync(${JSON.stringify(marker)}, "x");`);
    const lines = [
      ["eval", ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "x")`]],
      ["file", [evil]],
      ["traversal", [path.join(dir, "ok-x", "..", "evil.js")]],
      ["extra", [path.join(dir, "ok-1.js"), "--require", evil]],
    ] as const;
    for (const [suffix, args] of lines) {
      const name = await register(`evil-${suffix}`, { type: "stdio", command: "node", args });
      const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
      expect(tested.body, suffix).toMatchObject({ status: "skipped", reason: expect.stringMatching(/^stdio arguments not allowed by PATCHBAY_STDIO_ALLOW for node\. To run /), latency_ms: null });
      const called = await api.post(`/api/mcp-servers/${name}/tools/echo/call`, { arguments: { message: "x" } });
      expect(called.status).toBe(422);
    }
    expect(existsSync(marker)).toBe(false);
  });

  test("parameters: 422 naming the missing one on /test; the scheduler's view (health-check) records unknown with the reason", async () => {
    const name = await register("params", { type: "http", url: `http://127.0.0.1:${streamable.port}/mcp`, headers: { "X-Tenant": "{{tenant}}" } }, {
      parameters_schema: { type: "object", required: ["tenant"], properties: { tenant: { type: "string", minLength: 2 } } },
    });

    const refused = await api.post(`/api/mcp-servers/${name}/test`, { parameters: {} });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body.errors).toEqual([{ path: "/parameters/tenant", message: expect.stringContaining("tenant") }]);
    expect((await api.get(`/api/mcp-servers/${name}/health`)).body.history).toEqual([]);

    const checked = await api.post(`/api/mcp-servers/${name}/health-check`);
    expect(checked.body).toMatchObject({ status: "unknown", ok: false, reason: expect.stringContaining("/parameters/tenant") });

    const tested = await api.post(`/api/mcp-servers/${name}/test`, { parameters: { tenant: "acme" } });
    expectHealthy(tested.body);
  });

  test("a named environment is resolved for /test; an environment the server lacks falls back to the base", async () => {
    const closed = await freePort();
    const name = await register("environments", { type: "http", url: `http://127.0.0.1:${closed}/mcp` }, {
      environments: { staging: { url: `http://127.0.0.1:${streamable.port}/mcp` } },
    });
    expectHealthy((await api.post(`/api/mcp-servers/${name}/test`, { environment: "staging" })).body);
    expect((await api.post(`/api/mcp-servers/${name}/test`, { environment: "nowhere" })).body)
      .toMatchObject({ status: "unhealthy", reason: `connection refused 127.0.0.1:${closed}` });
  });

  test("unknown server → 404; a body with an unknown key → 400", async () => {
    expect((await api.post(`/api/mcp-servers/${group}-nope/test`, {})).status).toBe(404);
    expect((await api.post(`/api/mcp-servers/${group}-nope/health-check`)).status).toBe(404);
    expect((await api.get(`/api/mcp-servers/${group}-nope/health`)).status).toBe(404);
    const name = await register("bad-body", { type: "http", url: "http://127.0.0.1:9/mcp" });
    const bad = await api.post(`/api/mcp-servers/${name}/test`, { environment: "staging", surprise: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "/surprise", message: "is not a known field" }]);
  });
});

describe("health over time", () => {
  test("a server killed mid-way: healthy → unhealthy → healthy again once restarted (health-check)", async () => {
    const server = await startEverything("streamableHttp");
    const name = await register("flaky", { type: "http", url: `http://127.0.0.1:${server.port}/mcp` });
    try {
      expectHealthy((await api.post(`/api/mcp-servers/${name}/health-check`)).body);
      await server.stop();
      expect((await api.post(`/api/mcp-servers/${name}/health-check`)).body)
        .toMatchObject({ status: "unhealthy", reason: `connection refused 127.0.0.1:${server.port}` });
      const restarted = await startEverything("streamableHttp", server.port);
      try {
        expectHealthy((await api.post(`/api/mcp-servers/${name}/health-check`)).body);
      } finally {
        await restarted.stop();
      }
    } finally {
      await server.stop();
    }

    const { body } = await api.get(`/api/mcp-servers/${name}/health`);
    expect(body.health.status).toBe("healthy");
    expect(body.history.map((entry: { status: string }) => entry.status)).toEqual(["healthy", "unhealthy", "healthy"]);
  });

  test("history keeps the newest 100, newest first; the latest is always the last recorded", async () => {
    const closed = await freePort();
    const name = await register("history", { type: "http", url: `http://127.0.0.1:${closed}/mcp` });
    for (let round = 0; round < 104; round++) {
      expect((await api.post(`/api/mcp-servers/${name}/health-check`)).status).toBe(200);
    }
    const last = await api.post(`/api/mcp-servers/${name}/health-check`);

    const { body } = await api.get(`/api/mcp-servers/${name}/health`);
    expect(body.history).toHaveLength(100);
    expect(body.health).toEqual(last.body);
    expect(body.history[0]).toEqual(last.body);
    const times = body.history.map((entry: { checked_at: string }) => Date.parse(entry.checked_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("GET …/health before any probe: R unknown, ok false, empty history", async () => {
    const name = await register("never", { type: "http", url: "http://127.0.0.1:9/mcp" });
    const { status, body } = await api.get(`/api/mcp-servers/${name}/health`);
    expect(status).toBe(200);
    expect(body).toEqual({
      name,
      environment: "development",
      health: {
        status: "unknown", ok: false, reason: "not checked yet", latency_ms: null, checked_at: null, server_info: null, protocol_version: null, tool_count: null,
        era: null, protocol_versions: null, capabilities: null, auth: null, notes: [], environment: "development", drift: false,
      },
      history: [],
    });
  });

  test("list summaries carry the latest health; ?health=healthy filters by it", async () => {
    const list = await api.get(`/api/mcp-servers?tags=${group}&limit=1000`);
    const byName = new Map(list.body.mcp_servers.map((summary: { name: string }) => [summary.name, summary]));
    const flaky = byName.get(`${group}-flaky`) as { health: Record<string, unknown> };
    const latest = (await api.get(`/api/mcp-servers/${group}-flaky/health`)).body.health;
    expect(flaky.health).toEqual({ status: "healthy", checked_at: latest.checked_at, latency_ms: latest.latency_ms, drift: false });

    const healthy = await api.get(`/api/mcp-servers?tags=${group}&health=healthy&limit=1000`);
    const names = healthy.body.mcp_servers.map((summary: { name: string }) => summary.name);
    expect(names).toEqual(expect.arrayContaining([`${group}-flaky`, `${group}-streamable`, `${group}-sse`, `${group}-stdio`]));
    expect(healthy.body.mcp_servers.every((summary: { health: { status: string } }) => summary.health.status === "healthy")).toBe(true);

    const skipped = await api.get(`/api/mcp-servers?tags=${group}&health=skipped`);
    expect(skipped.body.mcp_servers.map((summary: { name: string }) => summary.name)).toEqual([
      `${group}-denied`, `${group}-evil-eval`, `${group}-evil-extra`, `${group}-evil-file`, `${group}-evil-traversal`, `${group}-touch`,
    ]);
  });
});

describe("POST /api/mcp-servers/:name/tools/:tool/call", () => {
  test("arguments that fail the tool's input schema → 422 with /arguments paths, and no tools/call is sent", async () => {
    const proxy = await startRecordingProxy(streamable.port);
    try {
      const name = await register("proxied", { type: "http", url: `${proxy.url}/mcp` });
      const refused = await api.post(`/api/mcp-servers/${name}/tools/echo/call`, { arguments: { message: 42 } });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([{ path: "/arguments/message", message: "must be string" }]);
      expect(proxy.methods).toContain("tools/list");
      expect(proxy.methods).not.toContain("tools/call");

      const missing = await api.post(`/api/mcp-servers/${name}/tools/echo/call`, { arguments: {} });
      expect(missing.body.errors).toEqual([{ path: "/arguments/message", message: expect.stringContaining("message") }]);
      expect(proxy.methods).not.toContain("tools/call");
    } finally {
      await proxy.close();
    }
  });

  test("a valid echo call → 200 with normalized text content", async () => {
    const name = `${group}-streamable`;
    const called = await api.post(`/api/mcp-servers/${name}/tools/echo/call`, { arguments: { message: "hello patchbay" } });
    expect(called.status, called.text).toBe(200);
    expect(called.body).toEqual({ is_error: false, content: [{ type: "text", text: "Echo: hello patchbay" }], latency_ms: expect.any(Number) });
  });

  test("images and resource links come back normalized: base64 with a mime type, resources by uri", async () => {
    const name = `${group}-streamable`;
    const image = await api.post(`/api/mcp-servers/${name}/tools/get-tiny-image/call`, { arguments: {} });
    expect(image.status, image.text).toBe(200);
    expect(image.body.content).toContainEqual({ type: "image", mime_type: "image/png", data: expect.stringMatching(/^iVBOR/) });

    const links = await api.post(`/api/mcp-servers/${name}/tools/get-resource-links/call`, { arguments: { count: 2 } });
    expect(links.status, links.text).toBe(200);
    expect(links.body.content.filter((item: { type: string }) => item.type === "resource")).toHaveLength(2);
    expect(links.body.content).toContainEqual(expect.objectContaining({ type: "resource", uri: expect.any(String) }));
  });

  test("structured content is checked against the tool's output schema and passed on", async () => {
    const called = await api.post(`/api/mcp-servers/${group}-streamable/tools/get-structured-content/call`, { arguments: { location: "Chicago" } });
    expect(called.status, called.text).toBe(200);
    expect(called.body).toMatchObject({ is_error: false, structured_content: { temperature: expect.any(Number), conditions: expect.any(String), humidity: expect.any(Number) } });
  });

  test("an unknown tool → 404; an unreachable server → 502; a refused one → 422", async () => {
    expect((await api.post(`/api/mcp-servers/${group}-streamable/tools/no-such-tool/call`, { arguments: {} })).status).toBe(404);

    const closed = await freePort();
    const down = await register("down", { type: "http", url: `http://127.0.0.1:${closed}/mcp` });
    const unreachable = await api.post(`/api/mcp-servers/${down}/tools/echo/call`, { arguments: { message: "x" } });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body).toMatchObject({ health_status: "unhealthy", reason: `connection refused 127.0.0.1:${closed}` });

    const refused = await api.post(`/api/mcp-servers/${group}-denied/tools/echo/call`, { arguments: { message: "x" } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ health_status: "skipped", reason: "blocked by outbound policy: 127.0.0.2" });
  });
});

describe("a server deleted while it is being probed", () => {
  test("the check answers its result (200), records nothing, and the server stays deleted", async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => { arrived = resolve; });
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    const held = await startHttpPeer((_request, response) => {
      arrived();
      void released.then(() => response.writeHead(503).end());
    });
    try {
      const name = await register("deleted-mid-probe", { type: "http", url: held.url });
      const check = api.post(`/api/mcp-servers/${name}/health-check`);
      await requestArrived;
      expect((await api.request("DELETE", `/api/mcp-servers/${name}?force=true`)).status).toBe(204);
      release();

      const answered = await check;
      expect(answered.status, answered.text).toBe(200);
      expect(answered.body.status).toBe("unhealthy");
      expect((await api.get(`/api/mcp-servers/${name}/health`)).status).toBe(404);
    } finally {
      release();
      await held.close();
    }
  });
});

describe("OpenAPI", () => {
  test("documents the health routes with their roles", async () => {
    const { body } = await api.get("/api/openapi.json");
    for (const [path, method, role] of [
      ["/api/mcp-servers/{name}/health", "get", "viewer"], ["/api/mcp-servers/{name}/health-check", "post", "editor"],
      ["/api/mcp-servers/{name}/test", "post", "editor"], ["/api/mcp-servers/{name}/tools/{tool}/call", "post", "editor"],
      ["/api/health/events", "get", "viewer"],
    ]) {
      expect(body.paths[path]?.[method]?.["x-patchbay-role"], `${method.toUpperCase()} ${path}`).toBe(role);
    }
    expect(body.paths["/api/health/events"].get.responses[200].content).toHaveProperty("text/event-stream");
  });
});
