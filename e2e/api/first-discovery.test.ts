import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { httpServer, uniqueName } from "../support/api-client";
import { ONE_PER_ROLE, useAuthedPatchbay } from "../support/authed-patchbay";
import { startPipelinePeer, type PipelinePeer } from "../support/pipeline-peer-process";
import { stopProcess } from "../support/patchbay-process";

/**
 * DESIGN §14 "Known environments only", its second half: a call in a known environment where the server's toolset
 * was never discovered discovers it first (the health check's probe, recorded as any probe), and the drift gate
 * judges what it finds — replayed on the editor's tool call, /api/invoke and the MCP gateway. Before, such a call
 * found no toolset there, so the gate judged nothing and the call ran.
 */
const ADMIN_TOKEN = "pb_first_discovery_admin_token_0123456789";
const group = uniqueName("discover");
const ECHO = { name: "echo", description: "Declared echo", input_schema: { type: "object", properties: { text: { type: "string" } } } };

const patchbay = useAuthedPatchbay({ adminToken: ADMIN_TOKEN, group, users: ONE_PER_ROLE, env: { PATCHBAY_ENVIRONMENT: "development" } });
let development: PipelinePeer;
let staging: PipelinePeer;
const clients: Client[] = [];

async function echoCalls(peer: PipelinePeer): Promise<number> {
  const { calls } = (await (await fetch(peer.url.replace("/mcp", "/control"))).json()) as { calls: Record<string, number> };
  return calls.echo ?? 0;
}

async function gatewayCall(server: string, environment: string, text: string) {
  const agent = `${server}-agent`;
  const url = new URL(`/mcp/agents/${agent}?environment=${environment}`, patchbay.process.baseUrl);
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${patchbay.tokens.runner}` } } });
  const client = new Client({ name: "first-discovery-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client.callTool({ name: `${server}.echo`, arguments: { text } });
}

const toolsIn = async (server: string, environment: string) => (await patchbay.admin.get(`/api/mcp-servers/${server}/tools?environment=${environment}`)).body;

/** A server on the development peer whose `staging` is the staging peer, a capability over it, an agent over that. */
async function createTarget(name: string, toolPolicy: Record<string, unknown>) {
  const created = await patchbay.admin.post("/api/mcp-servers", httpServer(name, {
    transport: { type: "http", url: development.url }, environments: { staging: { url: staging.url } }, tools: [ECHO], tool_policy: toolPolicy,
  }));
  expect(created.status, created.text).toBe(201);
  expect((await patchbay.admin.post("/api/capabilities", { name: `${name}-cap`, description: "First discovery", mcp_servers: [name] })).status).toBe(201);
  expect((await patchbay.admin.post("/api/agents", { name: `${name}-agent`, description: "First discovery", capabilities: [`${name}-cap`] })).status).toBe(201);
}

beforeAll(async () => {
  [development, staging] = await Promise.all([startPipelinePeer(), startPipelinePeer()]);
});

afterEach(async () => void (await Promise.all(clients.splice(0).map((client) => client.close()))));

afterAll(async () => {
  await Promise.all([development && stopProcess(development.child), staging && stopProcess(staging.child)]);
});

describe("a call in a never-probed environment discovers the toolset first (DESIGN §14)", { timeout: 60_000 }, () => {
  test("pin: manual, on_drift: block: refused in the probed environment and, the attack, in never-probed staging too; staging receives no tools/call until someone pins it", async () => {
    const server = `${group}-manual`;
    await createTarget(server, { pin: "manual", on_drift: "block" });
    expect((await patchbay.admin.post(`/api/mcp-servers/${server}/health-check`, {})).body.status).toBe("healthy");
    expect(await toolsIn(server, "development")).toMatchObject({ toolset_fingerprint: expect.any(String), pinned_fingerprint: null });
    expect((await toolsIn(server, "staging")).toolset_fingerprint).toBeNull();
    const withheld = `Withheld by the drift gate: MCP server '${server}' has no pinned toolset in '%s' while tool_policy.pin is manual and tool_policy.on_drift is block: its tools are withheld until someone pins one.`;
    const refusal = (environment: string) => ({ is_error: true, content: [{ type: "text", text: withheld.replace("%s", environment) }], latency_ms: 0 });

    const inDevelopment = await patchbay.as.editor.post(`/api/mcp-servers/${server}/tools/echo/call`, { arguments: { text: "dev" } });
    expect(inDevelopment.status, inDevelopment.text).toBe(200);
    expect(inDevelopment.body).toEqual(refusal("development"));

    const editorCall = await patchbay.as.editor.post(`/api/mcp-servers/${server}/tools/echo/call`, { environment: "staging", arguments: { text: "editor" } });
    expect(editorCall.status, editorCall.text).toBe(200);
    expect(editorCall.body).toEqual(refusal("staging"));
    // Discovered first, as a probe records it: a toolset in staging, nothing pinned.
    const discovered = await toolsIn(server, "staging");
    expect(discovered).toMatchObject({ environment: "staging", toolset_fingerprint: expect.any(String), pinned_fingerprint: null, drift: null });
    expect(discovered.tools.map((tool: { name: string; source: string }) => [tool.name, tool.source])).toContainEqual(["echo", "discovered"]);

    const invoked = await patchbay.as.runner.post("/api/invoke", { action: `${server}.echo`, agent: `${server}-agent`, environment: "staging", input: { text: "invoke" } });
    expect(invoked.status, invoked.text).toBe(403);
    expect(invoked.body.detail).toBe(withheld.replace("%s", "staging"));

    const overGateway = await gatewayCall(server, "staging", "gateway");
    expect(overGateway).toEqual({ isError: true, content: [{ type: "text", text: withheld.replace("%s", "staging") }] });
    expect(await echoCalls(staging)).toBe(0);
    expect(await echoCalls(development)).toBe(0);

    // Pinned by a person, the same call runs — in staging, on the staging peer.
    expect((await patchbay.as.editor.post(`/api/mcp-servers/${server}/tools/pin`, { environment: "staging" })).status).toBe(200);
    const ran = await patchbay.as.editor.post(`/api/mcp-servers/${server}/tools/echo/call`, { environment: "staging", arguments: { text: "pinned" } });
    expect(ran.status, ran.text).toBe(200);
    expect(ran.body.is_error).toBe(false);
    expect(await echoCalls(staging)).toBe(1);
    expect(await echoCalls(development)).toBe(0);
  });

  test("trust on first use: the first call in never-probed staging discovers and pins that toolset, then runs", async () => {
    const server = `${group}-tofu`;
    await createTarget(server, { on_drift: "block" });
    const before = await echoCalls(staging);
    expect(await toolsIn(server, "staging")).toMatchObject({ toolset_fingerprint: null, pinned_fingerprint: null });

    const invoked = await patchbay.as.runner.post("/api/invoke", { action: `${server}.echo`, agent: `${server}-agent`, environment: "staging", input: { text: "first" } });
    expect(invoked.status, invoked.text).toBe(200);
    expect(invoked.body.content).toBe(JSON.stringify({ text: "first" }));
    const pinned = await toolsIn(server, "staging");
    expect(pinned.toolset_fingerprint).toEqual(expect.any(String));
    expect(pinned).toMatchObject({ pinned_fingerprint: pinned.toolset_fingerprint, pinned_by: null, drift: null });
    expect(await echoCalls(staging)).toBe(before + 1);
    // The registry's own environment was not touched: only the environment called in was discovered.
    expect((await toolsIn(server, "development")).toolset_fingerprint).toBeNull();
  });

  test("two first calls at once: one toolset, pinned once, no drift event; both run", async () => {
    const server = `${group}-race`;
    await createTarget(server, { on_drift: "block" });
    const before = await echoCalls(staging);

    const [viaGateway, viaInvoke] = await Promise.all([
      gatewayCall(server, "staging", "one"),
      patchbay.as.runner.post("/api/invoke", { action: `${server}.echo`, agent: `${server}-agent`, environment: "staging", input: { text: "two" } }),
    ]);
    expect(viaGateway.isError ?? false).toBe(false);
    expect(viaInvoke.status, viaInvoke.text).toBe(200);
    const pinned = await toolsIn(server, "staging");
    expect(pinned).toMatchObject({ pinned_fingerprint: pinned.toolset_fingerprint, drift: null });
    expect(pinned.toolset_fingerprint).toEqual(expect.any(String));
    expect((await patchbay.admin.get(`/api/mcp-servers/${server}/tools/drift`)).body.events).toEqual([]);
    expect(await echoCalls(staging)).toBe(before + 2);
  });
});
