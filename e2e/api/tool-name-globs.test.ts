import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startToolsetPeer, type PeerTool, type ToolsetPeer } from "../../lib/tools/toolset-peer";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { mintClient, type TestRole } from "../support/roles";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/**
 * DESIGN §14 "One glob dialect": `*` in `tool_policy.tools` and in a capability's `include` is the same glob, and it
 * crosses `/`. The attack: `{"*": {"approval": "always"}}` while the upstream offers `admin/delete` (a valid SEP-986
 * name) — a glob that stops at `/` let that tool run with no approval at all.
 */
const ADMIN_TOKEN = "pb_tool_globs_admin_token_0123456789";
const env = {
  PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
  PATCHBAY_RATE_TESTS_PER_MIN: "10000", PATCHBAY_RATE_WRITES_PER_MIN: "10000",
};
const TOOLS: PeerTool[] = [
  { name: "admin/delete", description: "Deletes everything", input_schema: { type: "object", properties: { scope: { type: "string" } } } },
  { name: "lookup", description: "Finds a record", input_schema: { type: "object" } },
];
const group = uniqueName("globs");
const server = `${group}-srv`;
const capability = `${group}-cap`;
const agent = `${group}-agent`;

let patchbay: PatchbayProcess;
let peer: ToolsetPeer;
let admin: ReturnType<typeof apiClient>;
let alice: ReturnType<typeof apiClient>;
let bob: ReturnType<typeof apiClient>;
let runner: ReturnType<typeof apiClient>;

beforeAll(async () => {
  [patchbay, peer] = await Promise.all([startPatchbay({ env }), startToolsetPeer(TOOLS)]);
  admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const mint = (name: string, role: TestRole) => mintClient(patchbay.baseUrl, ADMIN_TOKEN, name, role);
  [alice, bob, runner] = await Promise.all([mint(`${group}-alice`, "editor"), mint(`${group}-bob`, "editor"), mint(`${group}-runner`, "runner")]);
  const created = await admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: peer.url }, tool_policy: { tools: { "*": { approval: "always" } } } }));
  expect(created.status).toBe(201);
  expect((await alice.post(`/api/mcp-servers/${server}/test`, {})).body.status).toBe("healthy");
  expect((await admin.post("/api/capabilities", { name: capability, description: "Admin tools only", mcp_servers: { ops: server }, tools: { include: ["ops.admin/*"] } })).status).toBe(201);
  expect((await admin.post("/api/agents", { name: agent, description: "Ops agent", capabilities: [capability] })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await Promise.all([patchbay?.stop(), peer?.close()]);
});

describe("one glob dialect for tool names (DESIGN §14)", { timeout: 60_000 }, () => {
  test("a capability's include 'ops.admin/*' crosses '/' as tool_policy's '*' does", async () => {
    const tools = await alice.get(`/api/capabilities/${capability}/tools`);
    expect(tools.status).toBe(200);
    expect(tools.body.tools.map((tool: { name: string }) => tool.name)).toEqual(["ops.admin/delete"]);
  });

  test("'*': approval always governs admin/delete: an editor's call waits for approval and never reaches the upstream", async () => {
    const first = await alice.post(`/api/mcp-servers/${server}/tools/${encodeURIComponent("admin/delete")}/call`, { arguments: { scope: "all" } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ is_error: true, approval: { id: expect.any(String), state: "awaiting_approval" } });
    const listed = (await alice.get("/api/approvals?state=awaiting_approval")).body.approvals;
    expect(listed.find((approval: { id: string }) => approval.id === first.body.approval.id)).toMatchObject({ kind: "tool_call", server, tool: "admin/delete", requested_by: `${group}-alice` });
    expect(peer.calls["admin/delete"]).toBeUndefined();

    // The same call, once someone else approves it, does reach the upstream: the count above would have seen it.
    expect((await bob.post(`/api/approvals/${first.body.approval.id}/approve`)).status).toBe(200);
    const ran = await alice.post(`/api/mcp-servers/${server}/tools/${encodeURIComponent("admin/delete")}/call`, { arguments: { scope: "all" } });
    expect(ran.body).toMatchObject({ is_error: false, content: [{ type: "text", text: "admin/delete ran" }] });
    expect(peer.calls["admin/delete"]).toBe(1);
  });

  test("a runner's invoke of ops.admin/delete through the agent is 202 awaiting approval and never reaches the upstream", async () => {
    const before = peer.calls["admin/delete"] ?? 0;
    const held = await runner.post("/api/invoke", { action: "ops.admin/delete", agent, input: { scope: "runner" } });
    expect(held.status).toBe(202);
    expect(held.body).toEqual({ approval: { id: expect.any(String), state: "awaiting_approval" }, detail: expect.stringContaining(`approval ${held.body.approval.id} is awaiting_approval`) });
    expect(peer.calls["admin/delete"] ?? 0).toBe(before);
  });
});
