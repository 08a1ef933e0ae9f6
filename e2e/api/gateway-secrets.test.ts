import http from "node:http";
import type { AddressInfo } from "node:net";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { httpServer, uniqueName } from "../support/api-client";
import { startGatewayFixture, type GatewayFixture } from "../support/gateway-fixture";

/**
 * What an upstream sends back through the gateway other than a tool's result — its JSON-RPC errors, a prompt, a
 * resource (DESIGN §16) — reaches the client as a result does (DESIGN §12, §14): the server's secrets scrubbed. The
 * upstream here echoes the Authorization header it was sent (a secret variable) in all three.
 */
let fixture: GatewayFixture;
let leaky: { url: string; stop(): Promise<void> };
let client: Client;
const secret = `pb-planted-${uniqueName("s")}`;

beforeAll(async () => {
  [fixture, leaky] = await Promise.all([startGatewayFixture(), startEchoingPeer()]);
  const variable = `GW_SECRET_${uniqueName("v").slice(2, 10).toUpperCase()}`;
  expect((await fixture.admin.put(`/api/variables/${variable}`, { secret: true, value: secret, scope: { hosts: ["127.0.0.1"] } })).status).toBe(201);
  const server = uniqueName("gw-echoing");
  expect((await fixture.admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: leaky.url, headers: { Authorization: `Bearer \${${variable}}` } } }))).status).toBe(201);
  expect((await fixture.admin.post(`/api/mcp-servers/${server}/test`, {})).status).toBe(200);
  const agent = uniqueName("gw-echoing-agent");
  expect((await fixture.admin.post("/api/agents", { name: agent, description: "Echoes its credential", mcp_servers: { leaky: server } })).status).toBe(201);
  client = new Client({ name: "secrets-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(fixture.gatewayUrl("agents", agent), { requestInit: { headers: { Authorization: `Bearer ${fixture.runnerToken}` } } }));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await leaky?.stop();
  await fixture?.stop();
});

describe("an upstream that echoes its credential", () => {
  test("its JSON-RPC error to tools/call reaches the client with its code, the secret scrubbed", async () => {
    const error = (await client.callTool({ name: "leaky.whoami", arguments: {} }).catch((caught: unknown) => caught)) as { code: number; message: string; data?: unknown };

    expect(error).toMatchObject({ code: -32000, message: expect.stringContaining("denied for Bearer ") });
    expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain(secret);
  });

  test("a prompt and a resource reach the client with the secret scrubbed, and their errors too", async () => {
    const prompt = await client.getPrompt({ name: "leaky.whoami" });
    const resource = await client.readResource({ uri: "echo://whoami" });
    const refused = await client.getPrompt({ name: "leaky.refuse" }).catch((caught: unknown) => caught as Error);

    expect(JSON.stringify(prompt)).toContain("you are Bearer ");
    expect(JSON.stringify(resource)).toContain("you are Bearer ");
    expect(refused).toMatchObject({ code: -32000, message: expect.stringContaining("denied for Bearer ") });
    expect(JSON.stringify([prompt, resource, refused.message])).not.toContain(secret);
  });
});

/**
 * A careless MCP server (2025-11-25, JSON answers): one tool, two prompts and one resource; `whoami` answers with the
 * Authorization header it was sent, and the tool and `refuse` answer an error that echoes it.
 */
async function startEchoingPeer(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== "POST") return void response.writeHead(request.method === "DELETE" ? 200 : 405).end();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const message = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { id?: unknown; method?: string; params?: { protocolVersion?: string; name?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      const echoed = `you are ${request.headers.authorization}`;
      const denied = { error: { code: -32000, message: `denied for ${request.headers.authorization}`, data: { header: request.headers.authorization } } };
      const answers: Record<string, () => object> = {
        initialize: () => ({ result: { protocolVersion: message.params?.protocolVersion ?? "2025-11-25", capabilities: { tools: {}, prompts: {}, resources: {} }, serverInfo: { name: "echoing", version: "1.0.0" } } }),
        ping: () => ({ result: {} }),
        "tools/list": () => ({ result: { tools: [{ name: "whoami", description: "Says who called", inputSchema: { type: "object" } }] } }),
        "tools/call": () => denied,
        "prompts/list": () => ({ result: { prompts: [{ name: "whoami" }, { name: "refuse" }] } }),
        "prompts/get": () => (message.params?.name === "refuse" ? denied : { result: { messages: [{ role: "user", content: { type: "text", text: echoed } }] } }),
        "resources/list": () => ({ result: { resources: [{ uri: "echo://whoami", name: "whoami" }] } }),
        "resources/templates/list": () => ({ result: { resourceTemplates: [] } }),
        "resources/read": () => ({ result: { contents: [{ uri: "echo://whoami", text: echoed }] } }),
      };
      const answer = answers[message.method ?? ""]?.() ?? { error: { code: -32601, message: "Method not found" } };
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, ...answer }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
