import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createOutboundPolicy } from "../mcp/outbound-policy";
import { countProbeChildren, killAllProbeChildren } from "../mcp/probe-children";
import { probeServer, type ProbeOptions } from "./probe";
import {
  EVERYTHING, freePort, isProcessAlive, startEverything, startHttpPeer, startSilentPeer,
  type EverythingServer, type Peer,
} from "../mcp/test-peers";

const options: ProbeOptions = { timeoutMs: 10_000, policy: createOutboundPolicy({ deny: "127.0.0.2/32" }), stdioAllow: ["node **"], secrets: [] };
const dir = mkdtempSync(path.join(tmpdir(), "patchbay-probe-"));
let streamable: EverythingServer;
let sse: EverythingServer;
let unauthorized: Peer;
let failing: Peer;
let health: Peer;

beforeAll(async () => {
  [streamable, sse] = await Promise.all([startEverything("streamableHttp"), startEverything("sse")]);
  unauthorized = await startHttpPeer((req, res) => req.url === "/forbidden"
    ? res.writeHead(403).end()
    : res.writeHead(401, { "www-authenticate": "Bearer" }).end("token required"));
  failing = await startHttpPeer((_req, res) => res.writeHead(500).end("boom"));
  health = await startHttpPeer((req, res) => res.writeHead(req.url === "/ok" ? 200 : 503).end());
}, 30_000);
afterAll(async () => {
  await Promise.all([streamable.stop(), sse.stop(), unauthorized.close(), failing.close(), health.close()]);
});

/** Field 5 of /proc/<pid>/stat: the process group id. */
function readProcessGroup(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "").split(" ")[2]);
}

/** Running, and not a zombie waiting to be reaped (this machine's init may never reap it). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

function expectHealthy(result: Awaited<ReturnType<typeof probeServer>>) {
  expect(result).toMatchObject({ status: "healthy", ok: true, reason: null, protocol_version: expect.any(String) });
  expect(result.server_info).toEqual({ name: "mcp-servers/everything", version: expect.any(String) });
  expect(result.tool_count).toBeGreaterThan(0);
  expect(result.tools).toHaveLength(result.tool_count!);
  expect(result.tools.find((tool) => tool.name === "echo")).toMatchObject({ input_schema: { type: "object" } });
  expect(new Date(result.checked_at!).toISOString()).toBe(result.checked_at);
}

describe("probeServer against real peers", { timeout: 30_000 }, () => {
  it("healthy over streamable HTTP", async () => {
    const result = await probeServer({ type: "http", url: `http://127.0.0.1:${streamable.port}/mcp` }, options);
    expectHealthy(result);
    console.info(`[latency] streamable HTTP probe: ${result.latency_ms} ms`);
  });

  it("healthy over SSE", async () => {
    const result = await probeServer({ type: "sse", url: `http://127.0.0.1:${sse.port}/sse` }, options);
    expectHealthy(result);
    console.info(`[latency] SSE probe: ${result.latency_ms} ms`);
  });

  it("healthy over stdio, and the child process is gone when the probe returns", async () => {
    const pidFile = path.join(dir, "everything.pid");
    const wrapper = path.join(dir, "everything-wrapper.mjs");
    writeFileSync(wrapper, `import { writeFileSync } from "node:fs";\nwriteFileSync(process.env.PID_FILE, String(process.pid));\nawait import(${JSON.stringify(EVERYTHING)});\n`);

    const result = await probeServer({ type: "stdio", command: "node", args: [wrapper], env: { PID_FILE: pidFile } }, options);
    expectHealthy(result);
    console.info(`[latency] stdio probe: ${result.latency_ms} ms`);
    expect(isProcessAlive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
    expect(countProbeChildren()).toBe(0);
  });

  it("unhealthy with 'timeout after 1500 ms' when the server accepts TCP and never answers (HTTP and SSE)", async () => {
    const silent = await startSilentPeer();
    for (const config of [{ type: "http" as const, url: `${silent.url}/mcp` }, { type: "sse" as const, url: `${silent.url}/sse` }]) {
      // The reason proves the probe's own timeout ended it; the test's timeout catches a hang.
      const result = await probeServer(config, { ...options, timeoutMs: 1_500 });
      expect(result).toMatchObject({ status: "unhealthy", ok: false, reason: "timeout after 1500 ms" });
    }
    await silent.close();
  });

  it("auth_required (not an outage) on HTTP 401 over both HTTP transports, and on 403", async () => {
    for (const type of ["http", "sse"] as const) {
      const result = await probeServer({ type, url: `${unauthorized.url}/mcp` }, options);
      expect(result).toMatchObject({ status: "auth_required", ok: false, reason: "HTTP 401 Unauthorized: token required" });
    }
    expect(await probeServer({ type: "http", url: `${unauthorized.url}/forbidden` }, options))
      .toMatchObject({ status: "auth_required", reason: "HTTP 403 Forbidden" });
  });

  it("unhealthy on HTTP 500, with the status in the reason", async () => {
    const result = await probeServer({ type: "http", url: `${failing.url}/mcp` }, options);
    expect(result).toMatchObject({ status: "unhealthy", reason: "HTTP 500 Internal Server Error: boom", tool_count: null });
  });

  it("unhealthy with 'connection refused 127.0.0.1:<port>' on a closed port", async () => {
    const port = await freePort();
    const result = await probeServer({ type: "http", url: `http://127.0.0.1:${port}/mcp` }, options);
    expect(result).toMatchObject({ status: "unhealthy", reason: `connection refused 127.0.0.1:${port}` });
  });

  it("unhealthy while the server is killed, healthy again once it is restarted", async () => {
    const server = await startEverything("streamableHttp");
    const config = { type: "http" as const, url: `http://127.0.0.1:${server.port}/mcp` };
    expectHealthy(await probeServer(config, options));

    await server.stop();
    expect(await probeServer(config, options)).toMatchObject({ status: "unhealthy", reason: `connection refused 127.0.0.1:${server.port}` });

    const restarted = await startEverything("streamableHttp", server.port);
    expectHealthy(await probeServer(config, options));
    await restarted.stop();
  });

  it("skips 169.254.169.254 and a deny-listed 127.0.0.2 without any connection", async () => {
    const deniedPeer = await startHttpPeer((_req, res) => res.end(), "127.0.0.2");
    const connect = vi.spyOn(net.Socket.prototype, "connect");

    const metadata = await probeServer({ type: "http", url: "http://169.254.169.254/mcp" }, options);
    const denied = await probeServer({ type: "sse", url: `${deniedPeer.url}/sse` }, options);

    expect(metadata).toMatchObject({ status: "skipped", ok: false, reason: "blocked by outbound policy: 169.254.169.254", latency_ms: null });
    expect(denied).toMatchObject({ status: "skipped", reason: "blocked by outbound policy: 127.0.0.2" });
    expect(connect).not.toHaveBeenCalled();
    expect(deniedPeer.connections()).toBe(0);
    connect.mockRestore();
    await deniedPeer.close();
  });

  it("does not run a stdio command outside the allowlist", async () => {
    for (const command of ["touch", "/usr/bin/touch"]) {
      const marker = path.join(dir, `ran-${path.basename(command)}-${Date.now()}`);
      const result = await probeServer({ type: "stdio", command, args: [marker] }, { ...options, stdioAllow: ["node", "TOUCH"] });
      expect(result).toMatchObject({ status: "skipped", reason: `stdio command not allowed by PATCHBAY_STDIO_ALLOW: ${command}. To run exactly this command line, add the entry "${command} ${marker}" to PATCHBAY_STDIO_ALLOW (a comma-separated list) and restart Patchbay`, latency_ms: null });
      expect(existsSync(marker)).toBe(false);
    }
  });

  it("kills a stdio child that never answers and ignores SIGTERM (SIGKILL after the grace period)", async () => {
    const pidFile = path.join(dir, "stubborn.pid");
    const script = `process.on("SIGTERM", () => {}); require("fs").writeFileSync(process.env.PID_FILE, String(process.pid)); setInterval(() => {}, 1000);`;
    const started = Date.now();
    const result = await probeServer({ type: "stdio", command: "node", args: ["-e", script], env: { PID_FILE: pidFile } }, { ...options, timeoutMs: 2_500 });
    expect(result).toMatchObject({ status: "unhealthy", reason: "timeout after 2500 ms" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500 + 2_000 - 50); // SIGTERM ignored, SIGKILL after the grace
    expect(isProcessAlive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
    expect(countProbeChildren()).toBe(0);
  });

  it("stops the child's whole process group: a grandchild that ignores SIGTERM is gone after the probe", async () => {
    const pidFile = path.join(dir, "family.pids");
    const grandchild = `process.on("SIGTERM", () => {}); setInterval(() => {}, 1000);`;
    const script = `const { spawn } = require("child_process"); const g = spawn(process.execPath, ["-e", ${JSON.stringify(grandchild)}], { stdio: "ignore" });
      require("fs").writeFileSync(process.env.PID_FILE, process.pid + " " + g.pid); setInterval(() => {}, 1000);`;
    const probing = probeServer({ type: "stdio", command: "node", args: ["-e", script], env: { PID_FILE: pidFile } }, { ...options, timeoutMs: 3_000 });
    await vi.waitFor(() => expect(existsSync(pidFile)).toBe(true), { timeout: 10_000 });
    const [childPid, grandchildPid] = readFileSync(pidFile, "utf8").split(" ").map(Number);
    expect(readProcessGroup(childPid)).toBe(childPid); // its own group, led by the child
    expect(readProcessGroup(grandchildPid)).toBe(childPid);

    expect(await probing).toMatchObject({ status: "unhealthy", reason: "timeout after 3000 ms" });
    await vi.waitFor(() => expect(isRunning(grandchildPid)).toBe(false), { timeout: 5_000 });
    expect(isRunning(childPid)).toBe(false);
    expect(countProbeChildren()).toBe(0);
  });

  it("killAllProbeChildren stops running stdio probes", async () => {
    const pidFile = path.join(dir, "silent.pid");
    const script = `require("fs").writeFileSync(process.env.PID_FILE, String(process.pid)); setInterval(() => {}, 1000);`;
    const probing = probeServer({ type: "stdio", command: "node", args: ["-e", script], env: { PID_FILE: pidFile } }, options);
    await vi.waitFor(() => expect(existsSync(pidFile)).toBe(true), { timeout: 10_000 });

    await killAllProbeChildren();
    expect(await probing).toMatchObject({ status: "unhealthy", reason: "process was killed by SIGTERM before answering" });
    expect(isProcessAlive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
  });

  it("explains a stdio server that exits at once", async () => {
    const result = await probeServer({ type: "stdio", command: "node", args: ["-e", `console.error("missing API key"); process.exit(3)`] }, options);
    expect(result).toMatchObject({ status: "unhealthy", reason: "process exited with code 3 before answering: missing API key" });
  });

  it("scrubs a secret from the stderr line before cutting it, at every offset across the cut (DESIGN §14)", async () => {
    const secret = "sk-stderr-0123456789";
    for (const offset of [200 - secret.length, 190, 196, 199, 200]) {
      const line = `${"e".repeat(offset)}${secret} and more`;
      const result = await probeServer({ type: "stdio", command: "node", args: ["-e", `console.error(${JSON.stringify(line)}); process.exit(3)`] }, { ...options, secrets: [secret] });
      expect(result.status).toBe("unhealthy");
      expect(result.reason).toMatch(/^process exited with code 3 before answering: e+/);
      for (let length = 4; length <= secret.length; length++) expect(result.reason, `offset ${offset}`).not.toContain(secret.slice(0, length));
    }
  });

  it("a last stderr line that began before the kept tail is not shown: part of a secret could start it", async () => {
    const secret = "sk-tail-0123456789";
    const line = `${"t".repeat(1_000)}${secret}${"u".repeat(1_990)}`;
    const result = await probeServer({ type: "stdio", command: "node", args: ["-e", `process.stderr.write(${JSON.stringify(line)}); process.exit(3)`] }, { ...options, secrets: [secret] });
    expect(result).toMatchObject({ status: "unhealthy", reason: "process exited with code 3 before answering" });
  });

  it("unknown when a ${VAR} or {{param}} is left unresolved, without connecting", async () => {
    expect(await probeServer({ type: "http", url: "${CONTEXT_STORE_URL}/mcp/" }, options))
      .toMatchObject({ status: "unknown", ok: false, reason: "unresolved placeholder ${CONTEXT_STORE_URL} in url" });
    const headers = { "X-Namespace": "{{namespace}}" };
    expect(await probeServer({ type: "http", url: `http://127.0.0.1:${streamable.port}/mcp`, headers }, options))
      .toMatchObject({ status: "unknown", reason: "unresolved placeholder {{namespace}} in headers.X-Namespace" });
  });

  it("degraded when the health endpoint fails while MCP works; healthy when it answers 2xx", async () => {
    const url = `http://127.0.0.1:${streamable.port}/mcp`;
    const failingEndpoint = await probeServer({ type: "http", url }, { ...options, healthEndpoint: `${health.url}/health` });
    expect(failingEndpoint).toMatchObject({ status: "degraded", ok: true, reason: "health endpoint /health answered HTTP 503 Service Unavailable" });
    expect(failingEndpoint.tool_count).toBeGreaterThan(0);

    const relative = await probeServer({ type: "sse", url: `http://127.0.0.1:${sse.port}/sse` }, { ...options, healthEndpoint: "/no-such-health" });
    expect(relative).toMatchObject({ status: "degraded", reason: "health endpoint /no-such-health answered HTTP 404 Not Found" });

    expectHealthy(await probeServer({ type: "http", url }, { ...options, healthEndpoint: `${health.url}/ok` }));
  });

  it("degraded when it works but slower than slowMs", async () => {
    const result = await probeServer({ type: "http", url: `http://127.0.0.1:${streamable.port}/mcp` }, { ...options, slowMs: 1 });
    expect(result).toMatchObject({ status: "degraded", ok: true, reason: expect.stringMatching(/^slow: \d+ ms \(over 1 ms\)$/) });
  });

  it("uses the injected clock for checked_at", async () => {
    const now = () => new Date("2030-01-02T03:04:05.000Z");
    const result = await probeServer({ type: "http", url: "http://169.254.169.254/" }, { ...options, now });
    expect(result.checked_at).toBe("2030-01-02T03:04:05.000Z");
  });
});
