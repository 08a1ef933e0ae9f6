import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { startToolsetPeer, type PeerTool, type ToolsetPeer } from "../../lib/tools/toolset-peer";
import { httpServer, uniqueName } from "../support/api-client";
import { useAuthedPatchbay } from "../support/authed-patchbay";
import { gatewayClients } from "../support/gateway-clients";

/**
 * DESIGN §16 "Names" over real HTTP: a reference's `"names": "bare"`, an agent's or capability's
 * `tool_names.separator`, and the portable names (`^[a-zA-Z0-9_-]{1,64}$`) the gateway advertises and calls by,
 * with the SDK's own client against a real MCP peer. Loopback only.
 */
const ADMIN_TOKEN = "pb_names_admin_token_0123456789";
const PORTABLE = /^[a-zA-Z0-9_-]{1,64}$/;
const LONG = "summarise_the_quarterly_financial_statements_of_every_subsidiary_in_full"; // 72 characters
const TOOLS: PeerTool[] = [
  { name: "echo", input_schema: { type: "object", properties: { message: { type: "string" } } } },
  { name: LONG, input_schema: { type: "object" } },
  { name: "get.status", input_schema: { type: "object" } },
];
/** What `fin` + `__` + each tool becomes: SHA-256 suffixes of `fin__<tool>`, worked out outside the code under test. */
const SEPARATED = ["fin__echo", "fin__get_status_da418a", "fin__summarise_the_quarterly_financial_statements_of_ever_810e12"];

const group = uniqueName("names");
const server = `${group}-peer`;
const names = { bare: `${group}-bare`, separated: `${group}-separated`, clash: `${group}-clash`, plain: `${group}-plain`, capability: `${group}-cap` };
const patchbay = useAuthedPatchbay({ adminToken: ADMIN_TOKEN, group, users: { runner: "runner" } });
let peer: ToolsetPeer;
const clients = gatewayClients("names-test", () => ({ baseUrl: patchbay.process.baseUrl, token: patchbay.tokens.runner }));

beforeAll(async () => {
  peer = await startToolsetPeer(TOOLS);
  const { admin } = patchbay;
  expect((await admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: peer.url } }))).status).toBe(201);
  expect((await admin.post(`/api/mcp-servers/${server}/test`, {})).status).toBe(200);
  const created = await Promise.all([
    admin.post("/api/agents", { name: names.bare, description: "Bare names", mcp_servers: { conf: { server, names: "bare" } } }),
    admin.post("/api/agents", { name: names.separated, description: "Portable names", tool_names: { separator: "__" }, mcp_servers: { fin: server } }),
    admin.post("/api/agents", { name: names.clash, description: "Two bare claims", mcp_servers: { a: { server, names: "bare" }, b: { server, names: "bare" } } }),
    admin.post("/api/capabilities", { name: names.capability, description: "Portable names", tool_names: { separator: "__" }, mcp_servers: { fin: server } }),
  ]);
  expect(created.map((response) => [response.status, response.text.slice(0, 200)])).toEqual(created.map((response) => [201, response.text.slice(0, 200)]));
  expect((await admin.post("/api/agents", { name: names.plain, description: "Default names", capabilities: [names.capability] })).status).toBe(201);
}, 60_000);
afterEach(() => clients.closeAll());
afterAll(async () => peer?.close());

const connect = (kind: "agents" | "capabilities", name: string) => clients.connect(kind, name);

const listed = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();

describe("advertised names (DESIGN §16)", { timeout: 60_000 }, () => {
  test("an agent whose reference says names: bare lists and calls the tools by their own names", async () => {
    const client = await connect("agents", names.bare);

    expect(await listed(client)).toEqual(["echo", "get.status", LONG]);
    const before = peer.calls.echo ?? 0;
    expect(await client.callTool({ name: "echo", arguments: { message: "hi" } })).toEqual({ content: [{ type: "text", text: "echo ran" }] });
    expect(peer.calls.echo).toBe(before + 1);
    await expect(client.callTool({ name: "conf.echo", arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  test("an agent with tool_names.separator '__' lists only portable names, and the shortened one is callable", async () => {
    const client = await connect("agents", names.separated);

    const advertised = await listed(client);
    expect(advertised).toEqual(SEPARATED);
    expect(advertised.filter((name) => !PORTABLE.test(name))).toEqual([]);
    const before = peer.calls[LONG] ?? 0;
    expect(await client.callTool({ name: SEPARATED[2], arguments: {} })).toEqual({ content: [{ type: "text", text: `${LONG} ran` }] });
    expect(peer.calls[LONG]).toBe(before + 1);
    await expect(client.callTool({ name: `fin.${LONG}`, arguments: {} })).rejects.toMatchObject({ code: -32602 });
    // The same names on a second connection: the suffix depends on the name alone.
    expect(await listed(await connect("agents", names.separated))).toEqual(SEPARATED);
  });

  test("a capability endpoint names tools the capability's way; an agent using it names them its own way", async () => {
    expect(await listed(await connect("capabilities", names.capability))).toEqual(SEPARATED);
    expect(await listed(await connect("agents", names.plain))).toEqual(["fin.echo", "fin.get.status", `fin.${LONG}`]);
  });

  test("two bare references claiming one name: an errors entry naming both, and only the first is exposed", async () => {
    const tools = await patchbay.admin.get(`/api/agents/${names.clash}/tools`);

    expect(tools.status).toBe(200);
    expect(tools.body.tools.map((tool: { name: string; origin: { alias: string } }) => [tool.name, tool.origin.alias])).toEqual([["echo", "a"], ["get.status", "a"], [LONG, "a"]]);
    expect(tools.body.errors).toEqual(["echo", "get.status", LONG].map((tool) => ({
      path: `/tools/${tool}`, message: `Tool '${tool}' defined in multiple places: agent ${names.clash} (a.${tool}), agent ${names.clash} (b.${tool})`,
    })));
    expect(await listed(await connect("agents", names.clash))).toEqual(["echo", "get.status", LONG]);
  });

  test.each([
    ["a separator outside . - _ __", { tool_names: { separator: "/" }, mcp_servers: { fin: server } }, "/tool_names/separator"],
    ["an unknown key of tool_names", { tool_names: { joiner: "__" }, mcp_servers: { fin: server } }, "/tool_names/joiner"],
    ["names other than bare", { mcp_servers: { fin: { server, names: "short" } } }, "/mcp_servers/fin/names"],
  ])("%s is a 400 problem naming the field", async (_, fields, path) => {
    const name = uniqueName("names-bad");
    const response = await patchbay.admin.post("/api/agents", { name, description: "Refused", ...fields });

    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    expect((await patchbay.admin.get(`/api/agents/${name}`)).status).toBe(404);
  });
});
