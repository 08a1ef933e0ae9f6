import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { httpServer, uniqueName } from "../support/api-client";
import { useAuthedPatchbay } from "../support/authed-patchbay";
import { startPipelinePeer, type PipelinePeer } from "../support/pipeline-peer-process";
import { stopProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

/**
 * DESIGN §19, seed 001's environment: MCP_REGISTRY_FILE=classpath:… resolves against the working directory,
 * MCP_DEFAULT_TIMEOUT_MS is the timeout of a server that sets none, MCP_CIRCUIT_BREAKER_ENABLED=false turns the
 * circuit breaker off.
 */
const ADMIN_TOKEN = "pb_seed001_env_admin_token_012345";
const group = uniqueName("seed1env");
const synced = `${group}-synced`;
const fragile = `${group}-fragile`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-seed001-"));
const registryFile = path.join(dir, "config", "mcp_registry.json");
let peer: PipelinePeer;

// Before Patchbay starts (hooks run in the order registered): the peer, and the registry file naming it.
beforeAll(async () => {
  peer = await startPipelinePeer();
  fs.mkdirSync(path.dirname(registryFile), { recursive: true });
  fs.writeFileSync(registryFile, JSON.stringify({ plugins: [{ id: synced, transport: "http", endpoint: peer.url, actions: [{ name: `${synced}.hang` }] }] }));
});

const patchbay = useAuthedPatchbay({
  adminToken: ADMIN_TOKEN, group, users: { runner: "runner", viewer: "viewer" },
  // Patchbay runs in this process's working directory: the path is relative to it, as seed 001's classpath entries are.
  env: { MCP_REGISTRY_FILE: `classpath:${path.relative(process.cwd(), registryFile)}`, MCP_DEFAULT_TIMEOUT_MS: "400", MCP_CIRCUIT_BREAKER_ENABLED: "false" },
});

afterAll(async () => {
  if (peer) await stopProcess(peer.child);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("seed 001's environment variables", { timeout: 60_000 }, () => {
  test("MCP_REGISTRY_FILE=classpath:config/… is read relative to the working directory", async () => {
    await waitUntil(async () => (await patchbay.as.viewer.get("/api/sync")).body.status !== "pending", 30_000, "the first sync run");
    const status = (await patchbay.as.viewer.get("/api/sync")).body;
    expect(status).toMatchObject({ path: registryFile, status: "ok" });
    expect(status.report).toMatchObject({ format: "mcp-registry", created: [{ kind: "server", name: synced }] });
  });

  test("MCP_DEFAULT_TIMEOUT_MS is the call timeout of a server that sets none (504 after 400 ms), and the registry view says so", async () => {
    expect((await patchbay.admin.post(`/api/mcp-servers/${synced}/health-check`, {})).body.status).toBe("healthy");
    const answered = await patchbay.as.runner.post("/api/invoke", { action: `${synced}.hang`, input: {} });
    expect(answered.status).toBe(504);
    expect(answered.body.detail).toContain("timeout after 400 ms");
    const plugin = (await patchbay.as.viewer.get("/api/v1/mcp/registry")).body.plugins.find((each: { id: string }) => each.id === synced);
    expect(plugin.actions.find((action: { name: string }) => action.name === `${synced}.hang`).timeout_ms).toBe(400);
  });

  test("MCP_CIRCUIT_BREAKER_ENABLED=false: failures past the threshold never open a circuit (502, never 503), and none is listed", async () => {
    const created = await patchbay.admin.post("/api/mcp-servers", httpServer(fragile, {
      transport: { type: "http", url: peer.url }, resilience: { retries: 0, circuit_breaker: { failure_threshold: 1, reset_after_ms: 600_000 } },
    }));
    expect(created.status, created.text).toBe(201);
    expect((await patchbay.admin.post(`/api/mcp-servers/${fragile}/health-check`, {})).body.status).toBe("healthy");

    await fetch(peer.url.replace("/mcp", "/control/fail?status=503&count=3"));
    const statuses = [];
    for (let call = 0; call < 3; call++) statuses.push((await patchbay.as.runner.post("/api/invoke", { action: `${fragile}.echo`, input: { text: "x" } })).status);
    expect(statuses).toEqual([502, 502, 502]);
    const after = await patchbay.as.runner.post("/api/invoke", { action: `${fragile}.echo`, input: { text: "through" } });
    expect(after.status, after.text).toBe(200);
    expect((await patchbay.as.viewer.get(`/api/circuits?server=${fragile}`)).body.circuits).toEqual([]);
  });
});
