import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { httpServer, uniqueName } from "../support/api-client";
import { ONE_PER_ROLE, useAuthedPatchbay } from "../support/authed-patchbay";
import { startEchoPeer, type EchoPeer } from "../support/echo-peer";
import { jcs, sha256 } from "../support/independent-jcs";
import { startPipelinePeer, type PipelinePeer } from "../support/pipeline-peer-process";
import { stopProcess } from "../support/patchbay-process";

/**
 * DESIGN §14, each hole replayed as it was shown: an approval given for one destination does not run a call to
 * another, and gives those who read it no way to test a guess of the destination's secrets; literal secrets do not follow a server to a host an editor names; a call cannot name an environment
 * nobody probed to step around the drift gate.
 */
const ADMIN_TOKEN = "pb_trust_bindings_admin_token_0123456789";
const LITERAL = "literal-bearer-9f3a71c2e5";
const group = uniqueName("bindings");

const patchbay = useAuthedPatchbay({
  adminToken: ADMIN_TOKEN, group, users: ONE_PER_ROLE,
  env: { PATCHBAY_ENVIRONMENT: "development", PATCHBAY_HEALTH_ENVIRONMENTS: "development,staging" },
});
let peerA: PipelinePeer;
let peerB: PipelinePeer;
let echo: EchoPeer;

async function callsOf(peer: PipelinePeer): Promise<Record<string, number>> {
  return ((await (await fetch(peer.url.replace("/mcp", "/control"))).json()) as { calls: Record<string, number> }).calls;
}

beforeAll(async () => {
  [peerA, peerB, echo] = await Promise.all([startPipelinePeer(), startPipelinePeer(), startEchoPeer()]);
});

afterAll(async () => {
  await Promise.all([peerA && stopProcess(peerA.child), peerB && stopProcess(peerB.child), echo?.stop()]);
});

describe("approvals bind the destination (DESIGN §14)", { timeout: 60_000 }, () => {
  const server = `${group}-routed`;
  const capability = `${group}-routed-cap`;

  beforeAll(async () => {
    // The URL is a runtime parameter: the runner's context says where the call goes.
    const created = await patchbay.admin.post("/api/mcp-servers", httpServer(server, {
      transport: { type: "http", url: "{{endpoint}}", headers: { Authorization: `Bearer ${LITERAL}` } },
      parameters_schema: { type: "object", properties: { endpoint: { type: "string" } }, required: ["endpoint"] },
      health_parameters: { endpoint: peerA.url },
      tool_policy: { tools: { echo: { approval: "always" } } },
    }));
    expect(created.status, created.text).toBe(201);
    expect((await patchbay.admin.post(`/api/mcp-servers/${server}/health-check`, {})).body.status).toBe("healthy");
    expect((await patchbay.admin.post("/api/capabilities", { name: capability, description: "Routed by context", mcp_servers: [server] })).status).toBe(201);
  });

  const invoke = (endpoint: string) => patchbay.as.runner.post("/api/invoke", {
    action: `${server}.echo`, capability, input: { text: "same arguments" }, context: { endpoint },
  });

  test("approved for A, the same call with context B is a new request and B receives nothing; A runs once", async () => {
    const first = await invoke(peerA.url);
    expect(first.status, first.text).toBe(202);
    const listed = (await patchbay.as.editor.get("/api/approvals?state=awaiting_approval")).body.approvals as Record<string, unknown>[];
    const request = listed.find((approval) => approval.id === first.body.approval.id)!;
    // The approver sees where the call goes, the literal secret masked.
    expect(request.destination).toEqual({ type: "http", url: peerA.url, headers: { Authorization: "Bearer ••••" } });
    // What binds the request to its destination is Patchbay's own (DESIGN §10: no response returns a secret, nor a hash of one).
    expect(request).not.toHaveProperty("destination_hash");
    for (const role of ["viewer", "editor", "admin"] as const) {
      expect((await patchbay.as[role].get("/api/approvals")).text).not.toContain(LITERAL);
    }
    expect((await patchbay.as.editor.post(`/api/approvals/${first.body.approval.id}/approve`)).status).toBe(200);

    const elsewhere = await invoke(peerB.url);
    expect(elsewhere.status, elsewhere.text).toBe(202);
    expect(elsewhere.body.approval).toEqual({ id: expect.any(String), state: "awaiting_approval" });
    expect(elsewhere.body.approval.id).not.toBe(first.body.approval.id);
    const second = ((await patchbay.as.editor.get("/api/approvals?state=awaiting_approval")).body.approvals as Record<string, unknown>[])
      .find((approval) => approval.id === elsewhere.body.approval.id)!;
    expect(second.destination).toEqual({ type: "http", url: peerB.url, headers: { Authorization: "Bearer ••••" } });
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

describe("an approval's destination is shown masked, and nothing beside it confirms a guess of its secrets (DESIGN §10, §14)", { timeout: 60_000 }, () => {
  const server = `${group}-m1`;
  const agent = `${group}-m1-agent`;
  const REGISTRY_SECRET = "audit-registry-secret-5c1e07";
  const QUERY_SECRET = "lit-QUERY-999";
  const HEADER_SECRET = "sk-audit-literal-77a1";
  const variable = `${group.toUpperCase().replaceAll("-", "_")}_AUDIT_SECRET`;
  let approval: Record<string, unknown>;

  beforeAll(async () => {
    expect((await patchbay.admin.put(`/api/variables/${variable}`, { secret: true, value: REGISTRY_SECRET, scope: { hosts: ["127.0.0.1"] } })).status).toBe(201);
    const created = await patchbay.admin.post("/api/mcp-servers", httpServer(server, {
      transport: { type: "http", url: `${peerA.url}?api_key=${QUERY_SECRET}`, headers: { Authorization: `Bearer \${${variable}}`, "X-Api-Key": HEADER_SECRET } },
      tool_policy: { tools: { echo: { approval: "always" } } },
    }));
    expect(created.status, created.text).toBe(201);
    expect((await patchbay.admin.post(`/api/mcp-servers/${server}/health-check`, {})).body.status).toBe("healthy");
    expect((await patchbay.admin.post("/api/agents", { name: agent, description: "Reads m1", mcp_servers: { m1: server } })).status).toBe(201);

    const invoked = await patchbay.as.runner.post("/api/invoke", { action: `${server}.echo`, input: { text: "x" } });
    expect(invoked.status, invoked.text).toBe(202);
    const listed = await patchbay.as.viewer.get("/api/approvals");
    approval = (listed.body.approvals as Record<string, unknown>[]).find((candidate) => candidate.id === invoked.body.approval.id)!;
  });

  test("the viewer sees the destination with its three secrets masked", () => {
    expect(approval.destination).toEqual({ type: "http", url: `${peerA.url}?api_key=••••`, headers: { Authorization: "Bearer ••••", "X-Api-Key": "••••" } });
  });

  test("the oracle: the masked destination with the secrets put back, JCS, SHA-256 — matches nothing a viewer or an editor receives", async () => {
    const guessed = {
      type: "http", url: `${peerA.url}?api_key=${QUERY_SECRET}`, headers: { Authorization: `Bearer ${REGISTRY_SECRET}`, "X-Api-Key": HEADER_SECRET },
    };
    // Control: the guess is the destination the call goes to, as a runner's blueprint of the same server shows it in clear.
    const blueprint = await patchbay.as.runner.get(`/api/agents/${agent}`);
    expect(blueprint.body.agent.mcp_servers.m1).toEqual(guessed);
    const oracle = sha256(jcs(guessed));

    const id = String(approval.id);
    for (const role of ["viewer", "editor"] as const) {
      for (const path of ["/api/approvals", "/api/approvals?state=awaiting_approval", `/api/approvals/${id}`]) {
        const response = await patchbay.as[role].get(path);
        expect(response.status, `${role} GET ${path}`).toBe(200);
        expect(response.text, `${role} GET ${path}`).not.toContain(oracle);
        for (const secret of [REGISTRY_SECRET, QUERY_SECRET, HEADER_SECRET]) expect(response.text).not.toContain(secret);
      }
    }
    expect(approval).not.toHaveProperty("destination_hash");
  });
});

describe("literal secrets stay where they were written (DESIGN §14)", { timeout: 60_000 }, () => {
  const server = `${group}-literal`;
  const original = "http://127.0.0.1:9/mcp";

  beforeAll(async () => {
    const created = await patchbay.as.editor.post("/api/mcp-servers", httpServer(server, {
      transport: { type: "http", url: original, headers: { Authorization: `Bearer ${LITERAL}`, "X-Plain": "kept" } },
    }));
    expect(created.status, created.text).toBe(201);
  });

  const stored = async () => (await patchbay.admin.get(`/api/mcp-servers/${server}?raw=true`)).body.mcp_server;
  const sentTheLiteral = () => echo.requests.filter((headers) => JSON.stringify(headers).includes(LITERAL));

  test("the attack: PATCH only the URL to the editor's host → 409 naming headers.Authorization, nothing changed, Test sends nothing there", async () => {
    const before = await stored();
    const moved = await patchbay.as.editor.patch(`/api/mcp-servers/${server}`, { transport: { url: echo.url } });
    expect(moved.status, moved.text).toBe(409);
    expect(moved.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(moved.body).toMatchObject({ type: expect.stringMatching(/secret-destination-changed$/), status: 409, keys: ["headers.Authorization"] });
    expect(moved.text).not.toContain(LITERAL);
    expect(await stored()).toEqual(before);

    const tested = await patchbay.as.editor.post(`/api/mcp-servers/${server}/test`, {});
    expect(tested.status).toBe(200);
    expect(echo.requests).toEqual([]);
    // A PUT carrying the masked value back is the same move.
    const current = await patchbay.as.editor.get(`/api/mcp-servers/${server}?raw=true`);
    const { created_at: _c, modified_at: _m, revision: _r, managed_by: _b, ...definition } = current.body.mcp_server;
    const put = await patchbay.as.editor.put(`/api/mcp-servers/${server}`, { ...definition, transport: { ...definition.transport, url: echo.url } });
    expect(put.status, put.text).toBe(409);
    expect(put.body.keys).toEqual(["headers.Authorization"]);
    expect(sentTheLiteral()).toEqual([]);
  });

  test("an editor may not pass ?keep_secrets=true (403); an admin may, and the literal then follows", async () => {
    const refused = await patchbay.as.editor.patch(`/api/mcp-servers/${server}?keep_secrets=true`, { transport: { url: echo.url } });
    expect(refused.status, refused.text).toBe(403);
    expect((await stored()).transport.url).toBe(original);

    const kept = await patchbay.admin.patch(`/api/mcp-servers/${server}?keep_secrets=true`, { transport: { url: "http://127.0.0.1:10/mcp" } });
    expect(kept.status, kept.text).toBe(200);
    expect((await stored()).transport).toEqual({ type: "http", url: "http://127.0.0.1:10/mcp", headers: { Authorization: `Bearer ${LITERAL}`, "X-Plain": "kept" } });
  });

  test("restoring a revision that would move the literal → 409; supplying it anew in the same write → allowed", async () => {
    const revisions = (await patchbay.admin.get(`/api/mcp-servers/${server}/revisions`)).body.revisions as { revision: number }[];
    const first = Math.min(...revisions.map((revision) => revision.revision));
    const restored = await patchbay.as.editor.post(`/api/mcp-servers/${server}/revisions/${first}/restore`, {});
    expect(restored.status, restored.text).toBe(409);
    expect(restored.body.keys).toEqual(["headers.Authorization"]);
    expect((await stored()).transport.url).toBe("http://127.0.0.1:10/mcp");

    const anew = await patchbay.as.editor.patch(`/api/mcp-servers/${server}`, { transport: { url: echo.url, headers: { Authorization: "Bearer typed-again-by-the-editor" } } });
    expect(anew.status, anew.text).toBe(200);
    expect((await stored()).transport.headers.Authorization).toBe("Bearer typed-again-by-the-editor");
    expect(sentTheLiteral()).toEqual([]);
  });
});

describe("known environments only (DESIGN §14)", { timeout: 60_000 }, () => {
  const server = `${group}-envs`;
  const capability = `${group}-envs-cap`;
  const KNOWN = ["development", "staging"];

  beforeAll(async () => {
    expect((await patchbay.admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: peerA.url }, provides: [`${group}:thing`] }))).status).toBe(201);
    expect((await patchbay.admin.post("/api/mcp-servers", httpServer(`${group}-envs-extra`, { environments: { qa: { url: peerB.url } } }))).status).toBe(201);
    expect((await patchbay.admin.put(`/api/variables/${group.toUpperCase().replaceAll("-", "_")}_V`, { value: "x", environments: { perf: "y" } })).status).toBe(201);
    expect((await patchbay.admin.post(`/api/mcp-servers/${server}/health-check`, {})).body.status).toBe("healthy");
    expect((await patchbay.admin.post("/api/capabilities", { name: capability, description: "Envs", mcp_servers: [server] })).status).toBe(201);
  });

  const expectUnknown = (response: { status: number; headers: Headers; body: Record<string, unknown>; text: string }) => {
    expect(response.status, response.text).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(response.body.errors).toEqual([{ path: "/environment", message: expect.stringContaining("must be a known environment") }]);
    for (const name of [...KNOWN, "qa", "perf"]) expect(response.body.detail).toContain(`'${name}'`);
  };

  test("an environment nobody defined → 400 naming the known ones, on the gateway, /api/invoke, tool calls and /api/negotiate", async () => {
    const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
    const gateway = await patchbay.as.runner.post(`/mcp/capabilities/${capability}?environment=zz`, initialize, { Accept: "application/json, text/event-stream" });
    expectUnknown(gateway);
    expectUnknown(await patchbay.as.runner.post("/api/invoke", { action: `${server}.echo`, capability, environment: "zz", input: {} }));
    expectUnknown(await patchbay.as.editor.post(`/api/mcp-servers/${server}/tools/echo/call`, { environment: "zz", arguments: {} }));
    expectUnknown(await patchbay.as.runner.post("/api/negotiate", { requires: [`${group}:thing`], environment: "zz" }));
    expect(await callsOf(peerA)).not.toHaveProperty("zz");

    // Every way an environment becomes known is accepted.
    for (const environment of ["staging", "qa", "perf", "development"]) {
      expect((await patchbay.as.runner.post("/api/negotiate", { requires: [`${group}:thing`], environment })).status).toBe(200);
    }
  });
});
