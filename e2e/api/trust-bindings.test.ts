import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startEchoPeer, type EchoPeer } from "../support/echo-peer";
import { startPatchbay, stopProcess, type PatchbayProcess } from "../support/patchbay-process";
import { mintRoleTokens, type TestRole } from "../support/roles";

/**
 * DESIGN §14, each hole replayed as it was shown: an approval given for one destination does not run a call to
 * another; literal secrets do not follow a server to a host an editor names; a call cannot name an environment
 * nobody probed to step around the drift gate.
 */
const ADMIN_TOKEN = "pb_trust_bindings_admin_token_0123456789";
const PEER = path.resolve("e2e/support/pipeline-peer.mjs");
const LITERAL = "literal-bearer-9f3a71c2e5";
const group = uniqueName("bindings");

type Peer = { url: string; child: ChildProcess };
let patchbay: PatchbayProcess;
let peerA: Peer;
let peerB: Peer;
let echo: EchoPeer;
let tokens: Record<TestRole, string>;
const as = (role: TestRole) => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${tokens[role]}` });
const admin = () => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });

/** The pipeline peer on 127.0.0.1: a real MCP server that counts the calls of each tool (GET /control). */
async function startPeer(): Promise<Peer> {
  const child = spawn(process.execPath, [PEER, "http", "0"], { stdio: ["ignore", "pipe", "inherit"], detached: true });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`peer exited with ${code}`)));
  });
  return { url: (JSON.parse(line) as { url: string }).url, child };
}

async function callsOf(peer: Peer): Promise<Record<string, number>> {
  return ((await (await fetch(peer.url.replace("/mcp", "/control"))).json()) as { calls: Record<string, number> }).calls;
}

beforeAll(async () => {
  [patchbay, peerA, peerB, echo] = await Promise.all([
    startPatchbay({ env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
      PATCHBAY_RATE_TESTS_PER_MIN: "10000", PATCHBAY_RATE_WRITES_PER_MIN: "10000", PATCHBAY_ENVIRONMENT: "development",
      PATCHBAY_HEALTH_ENVIRONMENTS: "development,staging",
    } }),
    startPeer(), startPeer(), startEchoPeer(),
  ]);
  tokens = await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN);
}, 120_000);

afterAll(async () => {
  await Promise.all([patchbay?.stop(), peerA && stopProcess(peerA.child), peerB && stopProcess(peerB.child), echo?.stop()]);
});

describe("approvals bind the destination (DESIGN §14)", { timeout: 60_000 }, () => {
  const server = `${group}-routed`;
  const capability = `${group}-routed-cap`;

  beforeAll(async () => {
    // The URL is a runtime parameter: the runner's context says where the call goes.
    const created = await admin().post("/api/mcp-servers", httpServer(server, {
      transport: { type: "http", url: "{{endpoint}}", headers: { Authorization: `Bearer ${LITERAL}` } },
      parameters_schema: { type: "object", properties: { endpoint: { type: "string" } }, required: ["endpoint"] },
      health_parameters: { endpoint: peerA.url },
      tool_policy: { tools: { echo: { approval: "always" } } },
    }));
    expect(created.status, created.text).toBe(201);
    expect((await admin().post(`/api/mcp-servers/${server}/health-check`, {})).body.status).toBe("healthy");
    expect((await admin().post("/api/capabilities", { name: capability, description: "Routed by context", mcp_servers: [server] })).status).toBe(201);
  });

  const invoke = (endpoint: string) => as("runner").post("/api/invoke", {
    action: `${server}.echo`, capability, input: { text: "same arguments" }, context: { endpoint },
  });

  test("approved for A, the same call with context B is a new request and B receives nothing; A runs once", async () => {
    const first = await invoke(peerA.url);
    expect(first.status, first.text).toBe(202);
    const listed = (await as("editor").get("/api/approvals?state=awaiting_approval")).body.approvals as Record<string, unknown>[];
    const request = listed.find((approval) => approval.id === first.body.approval.id)!;
    // The approver sees where the call goes, the literal secret masked.
    expect(request.destination).toEqual({ type: "http", url: peerA.url, headers: { Authorization: "Bearer ••••" } });
    expect(request.destination_hash).toMatch(/^[0-9a-f]{64}$/);
    for (const role of ["viewer", "editor", "admin"] as const) {
      expect((await as(role).get("/api/approvals")).text).not.toContain(LITERAL);
    }
    expect((await as("editor").post(`/api/approvals/${first.body.approval.id}/approve`)).status).toBe(200);

    const elsewhere = await invoke(peerB.url);
    expect(elsewhere.status, elsewhere.text).toBe(202);
    expect(elsewhere.body.approval).toEqual({ id: expect.any(String), state: "awaiting_approval" });
    expect(elsewhere.body.approval.id).not.toBe(first.body.approval.id);
    const second = ((await as("editor").get("/api/approvals?state=awaiting_approval")).body.approvals as Record<string, unknown>[])
      .find((approval) => approval.id === elsewhere.body.approval.id)!;
    expect(second.destination).toEqual({ type: "http", url: peerB.url, headers: { Authorization: "Bearer ••••" } });
    expect(second.destination_hash).not.toBe(request.destination_hash);
    expect(await callsOf(peerB)).toEqual({});

    const ran = await invoke(peerA.url);
    expect(ran.status, ran.text).toBe(200);
    expect(ran.body.content).toBe(JSON.stringify({ text: "same arguments" }));
    expect(await callsOf(peerA)).toEqual({ echo: 1 });
    expect(await callsOf(peerB)).toEqual({});
    // Consumed: the next identical call waits again.
    expect((await invoke(peerA.url)).status).toBe(202);
  });
});
