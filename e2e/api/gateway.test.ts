import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { uniqueName } from "../support/api-client";
import { ALIASES, startGatewayFixture, type GatewayFixture } from "../support/gateway-fixture";
import { descendantsOf, isProcessGroupAlive } from "../support/process-tree";
import { mintRoleTokens } from "../support/roles";
import { waitUntil } from "../support/wait-until";
import { jsonRpcAnswer } from "../support/json-rpc-answer";

/**
 * The MCP gateway (DESIGN §12) with the SDK's own client: an agent whose capability reaches `server-everything`
 * over streamable HTTP, SSE and stdio at once. Loopback only.
 */
let fixture: GatewayFixture;
const clients: Client[] = [];

beforeAll(async () => {
  fixture = await startGatewayFixture();
});
afterEach(async () => void (await Promise.all(clients.splice(0).map((client) => client.close()))));
afterAll(async () => fixture?.stop());

async function connect(url: URL, token = fixture.runnerToken): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  const client = new Client({ name: "gateway-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

/** What the catalog holds for each server, as the gateway must advertise it: `alias.tool`, sorted. */
async function catalogNames(servers: Partial<GatewayFixture["servers"]>): Promise<string[]> {
  const names = await Promise.all(Object.entries(servers).map(async ([alias, server]) => {
    const { body } = await fixture.admin.get(`/api/mcp-servers/${server}/tools`);
    return (body.tools as { name: string }[]).map((tool) => `${alias}.${tool.name}`);
  }));
  return names.flat().sort();
}

describe("/mcp/agents/:name over the MCP SDK client", () => {
  test("initialize answers patchbay/<agent> at its revision with tools.listChanged, on the 2025-11-25 revision", async () => {
    const { client, transport } = await connect(fixture.gatewayUrl("agents", fixture.agent));

    expect(client.getServerVersion()).toEqual({ name: `patchbay/${fixture.agent}`, version: "1" });
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    expect(transport.protocolVersion).toBe("2025-11-25");
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(client.ping()).resolves.toEqual({});
  });

  test("tools/list answers exactly the catalog's tools of the three servers as alias.tool", async () => {
    const { client } = await connect(fixture.gatewayUrl("agents", fixture.agent));

    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();

    expect(names).toEqual(await catalogNames(fixture.servers));
    expect(names).toEqual(expect.arrayContaining(["http.echo", "sse.echo", "stdio.echo"]));
  });

  test.each(ALIASES)("tools/call %s.echo answers the upstream's echo", async (alias) => {
    const { client } = await connect(fixture.gatewayUrl("agents", fixture.agent));

    const result = await client.callTool({ name: `${alias}.echo`, arguments: { message: `hello over ${alias}` } });

    expect(result).toEqual({ content: [{ type: "text", text: `Echo: hello over ${alias}` }] });
  });

  test("tools/call of a tool the agent does not have is a JSON-RPC invalid-params error", async () => {
    const { client } = await connect(fixture.gatewayUrl("agents", fixture.agent));

    await expect(client.callTool({ name: "nowhere.echo", arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  test("/mcp/capabilities/:name serves the capability's tools as patchbay/<capability>", async () => {
    const { client } = await connect(fixture.gatewayUrl("capabilities", fixture.capability, "development"));

    expect(client.getServerVersion()).toEqual({ name: `patchbay/${fixture.capability}`, version: "1" });
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(await catalogNames(fixture.servers));
  });
});

describe("gateway access", () => {
  const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
  const post = (path: string, headers: Record<string, string>, body: unknown = initialize) => fetch(new URL(path, fixture.patchbay.baseUrl), {
    method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
  });

  test("401 without a token, 403 for viewer and editor tokens, 404 for an unknown agent", async () => {
    const tokens = await mintRoleTokens(fixture.patchbay.baseUrl, "pb_gateway_admin_token_0123456789");
    const path = `/mcp/agents/${fixture.agent}`;

    const statuses = await Promise.all([
      post(path, {}), post(path, { Authorization: `Bearer ${tokens.viewer}` }), post(path, { Authorization: `Bearer ${tokens.editor}` }),
      post(`/mcp/agents/${uniqueName("nobody")}`, { Authorization: `Bearer ${fixture.runnerToken}` }),
    ].map(async (pending) => (await pending).status));

    expect(statuses).toEqual([401, 403, 403, 404]);
  });

  test("a session is the opener's: another runner token, or another agent's path, gets 404", async () => {
    const { transport } = await connect(fixture.gatewayUrl("agents", fixture.agent));
    const other = await fixture.admin.post("/api/tokens", { name: uniqueName("gw-other"), role: "runner" });
    const ping = { jsonrpc: "2.0", id: 2, method: "ping" };
    const session = { "Mcp-Session-Id": transport.sessionId!, "Mcp-Protocol-Version": "2025-11-25" };

    const foreignToken = await post(`/mcp/agents/${fixture.agent}`, { ...session, Authorization: `Bearer ${other.body.token}` }, ping);
    const foreignPath = await post(`/mcp/capabilities/${fixture.capability}`, { ...session, Authorization: `Bearer ${fixture.runnerToken}` }, ping);
    const own = await post(`/mcp/agents/${fixture.agent}`, { ...session, Authorization: `Bearer ${fixture.runnerToken}`, Accept: "application/json, text/event-stream" }, ping);

    expect([foreignToken.status, foreignPath.status, own.status]).toEqual([404, 404, 200]);
  });
});

describe("tools/list on the wire", () => {
  const send = (sessionId: string, body: string, headers: Record<string, string> = {}) => fetch(fixture.gatewayUrl("agents", fixture.agent), {
    method: "POST", body,
    headers: {
      Authorization: `Bearer ${fixture.runnerToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream",
      "Mcp-Session-Id": sessionId, "Mcp-Protocol-Version": "2025-11-25", ...headers,
    },
  });

  test("a lone request, one with _meta (the SDK's), and the SDK's client all get the same tools; malformed messages get the transport's own errors, and a batch is refused", async () => {
    const { client, transport } = await connect(fixture.gatewayUrl("agents", fixture.agent));
    const expected = (await client.listTools()).tools;
    const lone = await send(transport.sessionId!, JSON.stringify({ jsonrpc: "2.0", id: "lone", method: "tools/list" }));
    const withMeta = await send(transport.sessionId!, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: { progressToken: 1 } } }));

    expect(lone.status).toBe(200);
    expect(lone.headers.get("content-type")).toBe("application/json");
    expect(lone.headers.get("mcp-session-id")).toBe(transport.sessionId);
    expect(await jsonRpcAnswer(lone)).toEqual({ jsonrpc: "2.0", id: "lone", result: { tools: expected } });
    expect(withMeta.status).toBe(200);
    expect(await jsonRpcAnswer(withMeta)).toEqual({ jsonrpc: "2.0", id: 7, result: { tools: expected } });

    const notJson = await send(transport.sessionId!, "{not json");
    expect([notJson.status, (await jsonRpcAnswer(notJson)).error.code]).toEqual([400, -32700]);
    const badVersion = await send(transport.sessionId!, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { "Mcp-Protocol-Version": "1999-01-01" });
    expect(badVersion.status).toBe(400);
    const notAcceptable = await send(transport.sessionId!, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { Accept: "application/json" });
    expect(notAcceptable.status).toBe(406);
    // Batches were removed in 2025-06-18 and are refused whole (DESIGN §14; gateway-bodies.test.ts covers the budget).
    const batch = await send(transport.sessionId!, JSON.stringify([{ jsonrpc: "2.0", id: 8, method: "tools/list" }, { jsonrpc: "2.0", id: 9, method: "ping" }]));
    expect([batch.status, (await jsonRpcAnswer(batch)).error.code]).toEqual([400, -32600]);
  });
});

describe("a large tools/list on the wire", () => {
  test("a list of some 130 KB, sent as a stream of its parts, is the list the SDK's own handler answers", async () => {
    const server = uniqueName("gw-big");
    const tools = Array.from({ length: 200 }, (_, index) => ({ name: `tool_${index}`, description: `Tool ${index}: ${"é".repeat(300)}` }));
    expect((await fixture.admin.post("/api/mcp-servers", { name: server, description: "Many declared tools", version: "1.0.0", transport: { type: "http", url: "http://127.0.0.1:9/mcp" }, tools })).status).toBe(201);
    const agent = uniqueName("gw-big-agent");
    expect((await fixture.admin.post("/api/agents", { name: agent, description: "One big server", mcp_servers: { big: server } })).status).toBe(201);
    const { transport } = await connect(fixture.gatewayUrl("agents", agent));
    const send = async (message: unknown) => {
      const response = await fetch(fixture.gatewayUrl("agents", agent), {
        method: "POST", body: JSON.stringify(message),
        headers: {
          Authorization: `Bearer ${fixture.runnerToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream",
          "Mcp-Session-Id": transport.sessionId!, "Mcp-Protocol-Version": "2025-11-25",
        },
      });
      return response;
    };
    // A request with _meta goes to the SDK's own handler (an event stream); the lone request is answered outside it, in JSON.
    const fromSdk = await jsonRpcAnswer(await send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { progressToken: 1 } } }));
    const lone = new Uint8Array(await (await send({ jsonrpc: "2.0", id: 1, method: "tools/list" })).arrayBuffer());

    expect(lone.byteLength).toBeGreaterThan(64 * 1024);
    expect(JSON.parse(new TextDecoder().decode(lone))).toEqual(fromSdk);
    expect(fromSdk.result.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(tools.map((tool) => `big.${tool.name}`).sort());
  });
});

describe("tools/call on the wire", () => {
  const send = (sessionId: string, message: unknown) => fetch(fixture.gatewayUrl("agents", fixture.agent), {
    method: "POST", body: JSON.stringify(message),
    headers: {
      Authorization: `Bearer ${fixture.runnerToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream",
      "Mcp-Session-Id": sessionId, "Mcp-Protocol-Version": "2025-11-25",
    },
  });
  const call = (id: number | string, name: string, extra: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: { message: "wire" }, ...extra } });

  test("a lone request (answered outside the SDK) and one with _meta (the SDK's) get the same results and the same errors", async () => {
    const { client, transport } = await connect(fixture.gatewayUrl("agents", fixture.agent));
    const sessionId = transport.sessionId!;
    const expected = await client.callTool({ name: "http.echo", arguments: { message: "wire" } });

    const lone = await send(sessionId, call("lone", "http.echo"));
    expect([lone.status, lone.headers.get("content-type"), lone.headers.get("mcp-session-id")]).toEqual([200, "application/json", sessionId]);
    expect(await jsonRpcAnswer(lone)).toEqual({ jsonrpc: "2.0", id: "lone", result: expected });
    const withMeta = await send(sessionId, call(9, "http.echo", { _meta: { progressToken: 1 } }));
    expect(await jsonRpcAnswer(withMeta)).toEqual({ jsonrpc: "2.0", id: 9, result: expected });

    const unknownLone = await jsonRpcAnswer(await send(sessionId, call(10, "http.no-such-tool")));
    const unknownWithMeta = await jsonRpcAnswer(await send(sessionId, call(10, "http.no-such-tool", { _meta: { progressToken: 2 } })));
    expect(unknownLone.error.code).toBe(-32602);
    expect(unknownLone.error.message).toContain("no-such-tool");
    expect(unknownLone).toEqual(unknownWithMeta);
    const badArguments = await send(sessionId, { jsonrpc: "2.0", id: 11, method: "tools/call", params: { name: "http.echo", arguments: "not an object" } });
    expect(badArguments.status).toBe(200);
    // Malformed params are the SDK's to answer: its schema check refuses them (-32602 invalid params, naming the field).
    const refused = (await jsonRpcAnswer(badArguments)).error;
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('"arguments"');
  });

  test("notifications/cancelled ends a call answered outside the SDK with a tool error", async () => {
    const { transport } = await connect(fixture.gatewayUrl("agents", fixture.agent));
    const sessionId = transport.sessionId!;
    // An operation far longer than the test may take: the cancellation alone can end it in time.
    const pending = send(sessionId, { jsonrpc: "2.0", id: "slow", method: "tools/call", params: { name: "http.trigger-long-running-operation", arguments: { duration: 600, steps: 600 } } });
    let answered = false;
    void pending.then(() => (answered = true));
    // The call may not have started when the first notification arrives: it is sent again until the call answers.
    await waitUntil(async () => {
      const cancelled = await send(sessionId, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "slow", reason: "test" } });
      expect(cancelled.status).toBe(202);
      return answered;
    }, 30_000, "the cancelled call answers");

    const answer = await jsonRpcAnswer(await pending);
    expect(answer.id).toBe("slow");
    expect(answer.result.isError).toBe(true);
  });
});

describe("session lifecycle", () => {
  test("notifications/tools/list_changed arrives on the open session after its capability is edited", async () => {
    const capability = uniqueName("gw-watch");
    expect((await fixture.admin.post("/api/capabilities", { name: capability, description: "Watched", mcp_servers: fixture.servers })).status).toBe(201);
    const { client } = await connect(fixture.gatewayUrl("capabilities", capability));
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
    expect((await client.listTools()).tools.length).toBe((await catalogNames(fixture.servers)).length);

    const edited = await fixture.admin.patch(`/api/capabilities/${capability}`, { tools: { include: ["http.*"] } });
    expect(edited.status).toBe(200);

    await waitUntil(() => changes === 1, 30_000, "tools/list_changed after the edit");
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(await catalogNames({ http: fixture.servers.http }));
  });

  test("DELETE ends the session (then 404), and no stdio process of it remains", async () => {
    const { client, transport } = await connect(fixture.gatewayUrl("agents", fixture.agent));
    const isEverythingStdio = (cmdline: string) => cmdline.includes("server-everything") && cmdline.endsWith(" stdio");
    const stdioGroups = () => descendantsOf(fixture.patchbay.pid).filter((entry) => isEverythingStdio(entry.cmdline)).map((entry) => entry.pgid);
    // Other sessions of this file keep their own stdio servers (one per session, pooled) until they end.
    const others = new Set(stdioGroups());
    const pending = client.callTool({ name: "stdio.trigger-long-running-operation", arguments: { duration: 5, steps: 5 } }).catch((error: unknown) => error);
    let seen: number[] = [];
    await waitUntil(() => (seen = stdioGroups().filter((pgid) => !others.has(pgid))).length > 0, 30_000, "the session's stdio server runs");
    const sessionId = transport.sessionId!;

    await transport.terminateSession();
    await client.close(); // the call in flight ends with the session: the client stops waiting for it
    await pending;

    // A stopped child lingers as a zombie (a member of its group) until Patchbay reaps it: wait for both.
    await waitUntil(() => !seen.some(isProcessGroupAlive), 30_000, "the session's stdio process groups are gone (ESRCH)");
    expect(stdioGroups().filter((pgid) => !others.has(pgid))).toEqual([]);
    const after = await fetch(fixture.gatewayUrl("agents", fixture.agent), {
      method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" }),
      headers: { Authorization: `Bearer ${fixture.runnerToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream", "Mcp-Session-Id": sessionId, "Mcp-Protocol-Version": "2025-11-25" },
    });
    expect(after.status).toBe(404);
  });
});
