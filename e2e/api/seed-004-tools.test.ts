import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { startToolsetPeer, type PeerTool, type ToolsetPeer } from "../../lib/tools/toolset-peer";
import { httpServer, uniqueName } from "../support/api-client";
import { useAuthedPatchbay } from "../support/authed-patchbay";
import { gatewayClients } from "../support/gateway-clients";

/**
 * DESIGN §19, seed 004's tools over real HTTP against a real MCP peer: a declared description overrides the
 * discovered one in what clients see while the catalog keeps both; a declared `version` is kept and shown; a
 * virtual tool's own `input_schema` is what clients see and what calls are checked against. Loopback only.
 */
const ADMIN_TOKEN = "pb_seed004_admin_token_0123456789";
const TOOLS: PeerTool[] = [
  { name: "fetch", description: "Upstream: fetch a URL", input_schema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] } },
  { name: "read_graph", description: "Upstream: read the graph", input_schema: { type: "object" } },
];
const DECLARED = [{ name: "fetch", description: "Registry: fetch a web page", version: "2.1.0" }];
/** Narrower than the upstream's: a short `url` only, nothing else. */
const PAGE_INPUT = { type: "object", properties: { url: { type: "string", maxLength: 30 } }, required: ["url"], additionalProperties: false };
const LONG_URL = `https://example.com/${"a".repeat(40)}`;

const group = uniqueName("seed004");
const server = `${group}-peer`;
const capability = `${group}-cap`;
const agent = `${group}-agent`;
const patchbay = useAuthedPatchbay({ adminToken: ADMIN_TOKEN, group, users: { runner: "runner" } });
let peer: ToolsetPeer;
const clients = gatewayClients("seed-004-test", () => ({ baseUrl: patchbay.process.baseUrl, token: patchbay.tokens.runner }));

beforeAll(async () => {
  peer = await startToolsetPeer(TOOLS);
  const { admin } = patchbay;
  expect((await admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: peer.url }, tools: DECLARED }))).status).toBe(201);
  expect((await admin.post(`/api/mcp-servers/${server}/test`, {})).status).toBe(200);
  expect((await admin.post("/api/capabilities", {
    name: capability, description: "Seed 004 tools", mcp_servers: { web: server },
    tools: { virtual: [{ name: "get_webpage", source: "web.fetch", description: "Renamed fetch tool", input_schema: PAGE_INPUT }, { name: "page", source: "get_webpage" }] },
  })).status).toBe(201);
  expect((await admin.post("/api/agents", { name: agent, description: "Seed 004 agent", capabilities: [capability] })).status).toBe(201);
}, 60_000);
afterEach(() => clients.closeAll());
afterAll(async () => peer?.close());

const connect = (kind: "agents" | "capabilities", name: string) => clients.connect(kind, name);

type Described = { name: string; description?: string };
const descriptions = (tools: Described[]) => tools.map((tool) => [tool.name, tool.description]);

describe("a declared description overrides the discovered one (DESIGN §19, seed 004)", { timeout: 60_000 }, () => {
  test("the gateway's tools/list of a capability and of an agent shows the declared description", async () => {
    for (const [kind, name] of [["capabilities", capability], ["agents", agent]] as const) {
      const { tools } = await (await connect(kind, name)).listTools();
      expect(descriptions(tools).slice(0, 2)).toEqual([["web.fetch", "Registry: fetch a web page"], ["web.read_graph", "Upstream: read the graph"]]);
    }
  });

  test("the effective tools of the capability and the agent show the declared description", async () => {
    for (const path of [`/api/capabilities/${capability}/tools`, `/api/agents/${agent}/tools`]) {
      const response = await patchbay.admin.get(path);
      expect(response.status).toBe(200);
      expect(descriptions(response.body.tools).slice(0, 2)).toEqual([["web.fetch", "Registry: fetch a web page"], ["web.read_graph", "Upstream: read the graph"]]);
    }
  });

  test("the server's catalog keeps both: the discovered description and the declared one beside it", async () => {
    const response = await patchbay.admin.get(`/api/mcp-servers/${server}/tools`);
    expect(response.status).toBe(200);
    expect(response.body.tools.map((tool: Described & { source: string; declared_description: string | null }) => [tool.name, tool.source, tool.description, tool.declared_description])).toEqual([
      ["fetch", "discovered", "Upstream: fetch a URL", "Registry: fetch a web page"],
      ["read_graph", "discovered", "Upstream: read the graph", null],
    ]);
  });
});

describe("a declared tool's version is kept and shown (DESIGN §19, seed 004)", { timeout: 60_000 }, () => {
  test("the definition keeps it through write and read, and a PATCH replaces it", async () => {
    expect((await patchbay.admin.get(`/api/mcp-servers/${server}?raw=true`)).body.mcp_server.tools).toEqual(DECLARED);
    const other = `${group}-versioned`;
    expect((await patchbay.admin.post("/api/mcp-servers", httpServer(other, { tools: [{ name: "read_graph", version: "3.0.0" }] }))).status).toBe(201);
    expect((await patchbay.admin.patch(`/api/mcp-servers/${other}`, { tools: [{ name: "read_graph", version: "3.1.0" }] })).status).toBe(200);
    expect((await patchbay.admin.get(`/api/mcp-servers/${other}?raw=true`)).body.mcp_server.tools).toEqual([{ name: "read_graph", version: "3.1.0" }]);
  });

  test("400 naming the field for a version that is no string", async () => {
    const response = await patchbay.admin.post("/api/mcp-servers", httpServer(`${group}-bad-version`, { tools: [{ name: "fetch", version: 2 }] }));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(["/tools/0/version"]);
  });

  test("the catalog and the effective tools show it; tools without one show none", async () => {
    const catalog = await patchbay.admin.get(`/api/mcp-servers/${server}/tools`);
    expect(catalog.body.tools.map((tool: { name: string; version: string | null }) => [tool.name, tool.version])).toEqual([["fetch", "2.1.0"], ["read_graph", null]]);
    const effective = await patchbay.admin.get(`/api/capabilities/${capability}/tools`);
    expect(effective.body.tools.map((tool: { name: string; version?: string }) => [tool.name, tool.version])).toEqual([
      ["web.fetch", "2.1.0"], ["web.read_graph", undefined], ["get_webpage", undefined], ["page", undefined],
    ]);
  });
});

describe("the catalog list GET /api/tools shows what a server's tool list shows (DESIGN §19, seed 004)", { timeout: 60_000 }, () => {
  test("declared_description and version beside the discovered description; null where nothing is declared", async () => {
    const response = await patchbay.admin.get(`/api/tools?server=${server}`);
    expect(response.status).toBe(200);
    type Row = Described & { source: string; declared_description: string | null; version: string | null };
    expect(response.body.tools.map((tool: Row) => [tool.name, tool.source, tool.description, tool.declared_description, tool.version])).toEqual([
      ["fetch", "discovered", "Upstream: fetch a URL", "Registry: fetch a web page", "2.1.0"],
      ["read_graph", "discovered", "Upstream: read the graph", null, null],
    ]);
  });
});

describe("a virtual tool's own input_schema (DESIGN §19, seed 004)", { timeout: 60_000 }, () => {
  test("clients see it in place of the source's, and a virtual tool sourcing it inherits it", async () => {
    const { tools } = await (await connect("capabilities", capability)).listTools();
    const schemas = Object.fromEntries(tools.map((tool) => [tool.name, tool.inputSchema]));
    expect(schemas.get_webpage).toEqual(PAGE_INPUT);
    expect(schemas.page).toEqual(PAGE_INPUT);
    expect(schemas["web.fetch"]).toEqual({ type: "object", properties: { url: { type: "string" } }, required: ["url"] });
  });

  test("calls are checked against it: a refused call never reaches the upstream, an accepted one does", async () => {
    const client = await connect("capabilities", capability);
    const before = peer.calls.fetch ?? 0;

    const refused = await client.callTool({ name: "get_webpage", arguments: { url: LONG_URL } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0].text).toMatch(/^The arguments do not match the input schema of tool 'get_webpage': \/url: /);
    const extra = await client.callTool({ name: "page", arguments: { url: "https://example.com", depth: 2 } });
    expect(extra.isError).toBe(true);
    expect(peer.calls.fetch ?? 0).toBe(before);

    // The base tool keeps the upstream's schema: the same long URL passes there.
    expect(await client.callTool({ name: "web.fetch", arguments: { url: LONG_URL } })).toMatchObject({ content: [{ type: "text", text: "fetch ran" }] });
    expect(await client.callTool({ name: "get_webpage", arguments: { url: "https://example.com" } })).toMatchObject({ content: [{ type: "text", text: "fetch ran" }] });
    expect(peer.calls.fetch).toBe(before + 2);
  });

  test("400 naming the field for an input_schema that is no JSON Schema, and nothing changes", async () => {
    const before = await patchbay.admin.get(`/api/capabilities/${capability}`);
    const response = await patchbay.admin.patch(`/api/capabilities/${capability}`, { tools: { virtual: [{ name: "bad", source: "web.fetch", input_schema: { type: "objekt" } }] } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.body.errors).toEqual([{
      path: "/tools/virtual/0/input_schema/type",
      message: 'is not a valid JSON Schema: "type" must be one of: "array", "boolean", "integer", "null", "number", "object", "string".',
    }]);
    expect((await patchbay.admin.get(`/api/capabilities/${capability}`)).body).toEqual(before.body);
  });
});
