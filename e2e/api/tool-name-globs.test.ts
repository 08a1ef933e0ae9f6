import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startToolsetPeer, type PeerTool, type ToolsetPeer } from "../../lib/tools/toolset-peer";
import { httpServer, uniqueName } from "../support/api-client";
import { useAuthedPatchbay } from "../support/authed-patchbay";

/**
 * DESIGN §14 "One glob dialect": `*` in `tool_policy.tools` and in a capability's `include` is the same glob, and it
 * crosses `/`. The attack: `{"*": {"approval": "always"}}` while the upstream offers `admin/delete` (a valid SEP-986
 * name) — a glob that stops at `/` let that tool run with no approval at all.
 */
const ADMIN_TOKEN = "pb_tool_globs_admin_token_0123456789";
const TOOLS: PeerTool[] = [
  { name: "admin/delete", description: "Deletes everything", input_schema: { type: "object", properties: { scope: { type: "string" } } } },
  { name: "lookup", description: "Finds a record", input_schema: { type: "object" } },
];
const group = uniqueName("globs");
const server = `${group}-srv`;
const capability = `${group}-cap`;
const agent = `${group}-agent`;

const patchbay = useAuthedPatchbay({ adminToken: ADMIN_TOKEN, group, users: { alice: "editor", bob: "editor", runner: "runner" } });
let peer: ToolsetPeer;

beforeAll(async () => {
  peer = await startToolsetPeer(TOOLS);
  const created = await patchbay.admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: peer.url }, tool_policy: { tools: { "*": { approval: "always" } } } }));
  expect(created.status).toBe(201);
  expect((await patchbay.as.alice.post(`/api/mcp-servers/${server}/test`, {})).body.status).toBe("healthy");
  expect((await patchbay.admin.post("/api/capabilities", { name: capability, description: "Admin tools only", mcp_servers: { ops: server }, tools: { include: ["ops.admin/*"] } })).status).toBe(201);
  expect((await patchbay.admin.post("/api/agents", { name: agent, description: "Ops agent", capabilities: [capability] })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await peer?.close();
});

describe("one glob dialect for tool names (DESIGN §14)", { timeout: 60_000 }, () => {
  test("a capability's include 'ops.admin/*' crosses '/' as tool_policy's '*' does", async () => {
    const tools = await patchbay.as.alice.get(`/api/capabilities/${capability}/tools`);
    expect(tools.status).toBe(200);
    expect(tools.body.tools.map((tool: { name: string }) => tool.name)).toEqual(["ops.admin/delete"]);
  });

  test("'*': approval always governs admin/delete: an editor's call waits for approval and never reaches the upstream", async () => {
    const first = await patchbay.as.alice.post(`/api/mcp-servers/${server}/tools/${encodeURIComponent("admin/delete")}/call`, { arguments: { scope: "all" } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ is_error: true, approval: { id: expect.any(String), state: "awaiting_approval" } });
    const listed = (await patchbay.as.alice.get("/api/approvals?state=awaiting_approval")).body.approvals;
    expect(listed.find((approval: { id: string }) => approval.id === first.body.approval.id)).toMatchObject({ kind: "tool_call", server, tool: "admin/delete", requested_by: `${group}-alice` });
    expect(peer.calls["admin/delete"]).toBeUndefined();

    // The same call, once someone else approves it, does reach the upstream: the count above would have seen it.
    expect((await patchbay.as.bob.post(`/api/approvals/${first.body.approval.id}/approve`)).status).toBe(200);
    const ran = await patchbay.as.alice.post(`/api/mcp-servers/${server}/tools/${encodeURIComponent("admin/delete")}/call`, { arguments: { scope: "all" } });
    expect(ran.body).toMatchObject({ is_error: false, content: [{ type: "text", text: "admin/delete ran" }] });
    expect(peer.calls["admin/delete"]).toBe(1);
  });

  test("a runner's invoke of ops.admin/delete through the agent is 202 awaiting approval and never reaches the upstream", async () => {
    const before = peer.calls["admin/delete"] ?? 0;
    const held = await patchbay.as.runner.post("/api/invoke", { action: "ops.admin/delete", agent, input: { scope: "runner" } });
    expect(held.status).toBe(202);
    expect(held.body).toEqual({ approval: { id: expect.any(String), state: "awaiting_approval" }, detail: expect.stringContaining(`approval ${held.body.approval.id} is awaiting_approval`) });
    expect(peer.calls["admin/delete"] ?? 0).toBe(before);
  });
});
