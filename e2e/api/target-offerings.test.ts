import http from "node:http";
import type { AddressInfo } from "node:net";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { EVERYTHING, freePort } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { ALIASES, startGatewayFixture, type GatewayFixture } from "../support/gateway-fixture";

/**
 * GET /api/{agents,capabilities}/{name}/prompts and …/resources (DESIGN §16): what the gateway lists for a target,
 * each entry with the server and alias it comes from, asked of `server-everything` over streamable HTTP, SSE and
 * stdio at once; a server that cannot be reached is an `errors` entry. Loopback only.
 */
let fixture: GatewayFixture;
let viewer: ApiClient;
/** What server-everything itself lists, asked directly (the gateway must pass exactly this on). */
let direct: { prompts: Record<string, unknown>[]; resources: Record<string, unknown>[]; resourceTemplates: Record<string, unknown>[] };

/** A literal credential in a server's headers: it must never reach an answer. */
const SECRET = "pb-test-secret-4f1d2a9c7e";

beforeAll(async () => {
  fixture = await startGatewayFixture();
  const minted = await fixture.admin.post("/api/tokens", { name: uniqueName("offerings-viewer"), role: "viewer" });
  viewer = apiClient(fixture.patchbay.baseUrl, { Authorization: `Bearer ${minted.body.token}` });
  const client = new Client({ name: "offerings-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, "stdio"], stderr: "ignore" }));
  try {
    direct = {
      prompts: (await client.listPrompts()).prompts,
      resources: (await client.listResources()).resources,
      resourceTemplates: (await client.listResourceTemplates()).resourceTemplates,
    };
  } finally {
    await client.close();
  }
}, 180_000);
afterAll(async () => fixture?.stop());

/** The gateway's prompts for a target whose aliases reach server-everything, in reference order: `alias.prompt`. */
function expectedPrompts(aliases: readonly string[]) {
  return aliases.flatMap((alias) => direct.prompts.map((prompt) => ({
    name: `${alias}.${prompt.name as string}`, upstream_name: prompt.name,
    ...(prompt.title !== undefined ? { title: prompt.title } : {}),
    ...(prompt.description !== undefined ? { description: prompt.description } : {}),
    ...(prompt.arguments !== undefined ? { arguments: prompt.arguments } : {}),
    server: fixture.servers[alias as (typeof ALIASES)[number]], alias,
  })));
}

/** Resources keep their URIs: every one goes to the first alias that offers it. */
function expectedResources(alias: (typeof ALIASES)[number]) {
  const described = (entry: Record<string, unknown>) => ({
    ...(entry.name !== undefined ? { name: entry.name } : {}),
    ...(entry.title !== undefined ? { title: entry.title } : {}),
    ...(entry.description !== undefined ? { description: entry.description } : {}),
    ...(entry.mimeType !== undefined ? { mime_type: entry.mimeType } : {}),
  });
  const server = fixture.servers[alias];
  return {
    resources: direct.resources.map((resource) => ({ uri: resource.uri, ...described(resource), server, alias })),
    resource_templates: direct.resourceTemplates.map((template) => ({ uri_template: template.uriTemplate, ...described(template), server, alias })),
  };
}

describe("GET /api/agents/{name}/prompts and /resources", () => {
  test("the agent's prompts are server-everything's under each alias, in reference order, with server, alias and upstream name", async () => {
    const response = await fixture.admin.get(`/api/agents/${fixture.agent}/prompts`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ name: fixture.agent, environment: "development", prompts: expectedPrompts(ALIASES), errors: [] });
    expect(response.body.prompts.slice(0, 4).map((prompt: { name: string }) => prompt.name)).toEqual(["http.simple-prompt", "http.args-prompt", "http.completable-prompt", "http.resource-prompt"]);
    expect(response.body.prompts[1].arguments).toEqual([{ name: "city", description: "Name of the city", required: true }, { name: "state", required: false }]);
  });

  test("the agent's resources and templates each go to the first alias offering them", async () => {
    const response = await fixture.admin.get(`/api/agents/${fixture.agent}/resources?environment=development`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ name: fixture.agent, environment: "development", ...expectedResources("http"), errors: [] });
    expect(response.body.resources.length).toBeGreaterThan(0);
    expect(response.body.resource_templates.map((template: { uri_template: string }) => template.uri_template))
      .toEqual(["demo://resource/dynamic/text/{resourceId}", "demo://resource/dynamic/blob/{resourceId}"]);
  });

  test("a viewer reads both", async () => {
    const prompts = await viewer.get(`/api/agents/${fixture.agent}/prompts`);
    const resources = await viewer.get(`/api/agents/${fixture.agent}/resources`);

    expect(prompts.status).toBe(200);
    expect(prompts.body.prompts).toEqual(expectedPrompts(ALIASES));
    expect(resources.status).toBe(200);
    expect(resources.body.resources).toEqual(expectedResources("http").resources);
  });

  test("without a token: 401", async () => {
    const anonymous = apiClient(fixture.patchbay.baseUrl);
    expect((await anonymous.get(`/api/agents/${fixture.agent}/prompts`)).status).toBe(401);
    expect((await anonymous.get(`/api/capabilities/${fixture.capability}/resources`)).status).toBe(401);
  });
});

describe("GET /api/capabilities/{name}/prompts and /resources", () => {
  test("a capability reaching one live server and one down: the live one's lists, and an error naming the down one without its secret", async () => {
    const down = uniqueName("offer-down");
    const port = await freePort();
    const created = await fixture.admin.post("/api/mcp-servers", httpServer(down, { transport: { type: "http", url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: `Bearer ${SECRET}` } } }));
    expect(created.status).toBe(201);
    const capability = uniqueName("offer-cap");
    expect((await fixture.admin.post("/api/capabilities", { name: capability, description: "One up, one down", mcp_servers: { sse: fixture.servers.sse, gone: down } })).status).toBe(201);

    const prompts = await fixture.admin.get(`/api/capabilities/${capability}/prompts`);
    const resources = await viewer.get(`/api/capabilities/${capability}/resources`);

    expect(prompts.status).toBe(200);
    expect(prompts.body).toEqual({
      name: capability, environment: "development", prompts: expectedPrompts(["sse"]),
      errors: [{ server: down, alias: "gone", reason: `MCP server '${down}' did not answer: connection refused 127.0.0.1:${port}` }],
    });
    expect(resources.status).toBe(200);
    expect(resources.body).toEqual({
      name: capability, environment: "development", ...expectedResources("sse"),
      errors: [{ server: down, alias: "gone", reason: `MCP server '${down}' did not answer: connection refused 127.0.0.1:${port}` }],
    });
    expect(prompts.text + resources.text).not.toContain(SECRET);
  });

  test("the fixture's capability lists what its agent does", async () => {
    const prompts = await viewer.get(`/api/capabilities/${fixture.capability}/prompts`);
    const resources = await viewer.get(`/api/capabilities/${fixture.capability}/resources`);

    expect(prompts.body).toEqual({ name: fixture.capability, environment: "development", prompts: expectedPrompts(ALIASES), errors: [] });
    expect(resources.body).toEqual({ name: fixture.capability, environment: "development", ...expectedResources("http"), errors: [] });
  });
});

/**
 * A careless MCP server: it initializes, declares prompts and resources, and answers every list with a JSON-RPC
 * error that echoes the Authorization header it was sent.
 */
async function startLeakyPeer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const message = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { id?: unknown; method?: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      const answer = message.method === "initialize"
        ? { result: { protocolVersion: message.params?.protocolVersion ?? "2025-11-25", capabilities: { prompts: {}, resources: {} }, serverInfo: { name: "leaky", version: "1.0.0" } } }
        : message.method?.endsWith("/list")
          ? { error: { code: -32603, message: `store down for ${request.headers.authorization}` } }
          : { error: { code: -32601, message: "Method not found" } };
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, ...answer }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

describe("a server that echoes its credentials in a list error", () => {
  test("the error names it and why, with the secret masked in the answers and the log", async () => {
    const leaky = await startLeakyPeer();
    try {
      const variable = `OFFER_SECRET_${uniqueName("v").slice(2, 10).toUpperCase()}`;
      const secret = `pb-planted-${uniqueName("s")}`;
      expect((await fixture.admin.put(`/api/variables/${variable}`, { secret: true, value: secret, scope: { hosts: ["127.0.0.1"] } })).status).toBe(201);
      const server = uniqueName("offer-leaky");
      expect((await fixture.admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: leaky.url, headers: { Authorization: `Bearer \${${variable}}` } } }))).status).toBe(201);
      const capability = uniqueName("offer-leaky-cap");
      expect((await fixture.admin.post("/api/capabilities", { name: capability, description: "Leaks", mcp_servers: { leaky: server } })).status).toBe(201);

      const prompts = await viewer.get(`/api/capabilities/${capability}/prompts`);
      const resources = await viewer.get(`/api/capabilities/${capability}/resources`);

      expect(prompts.status).toBe(200);
      expect(prompts.body.prompts).toEqual([]);
      expect(prompts.body.errors).toEqual([{ server, alias: "leaky", reason: expect.stringMatching(/^prompts could not be listed: .*store down for Bearer /) }]);
      expect(resources.body.errors.map((error: { reason: string }) => error.reason.split(":")[0])).toEqual(["resources could not be listed", "resourceTemplates could not be listed"]);
      expect(prompts.text + resources.text).not.toContain(secret);
      expect(fixture.patchbay.logs()).toContain("prompts could not be listed: store down for Bearer ");
      expect(fixture.patchbay.logs()).not.toContain(secret);
    } finally {
      await leaky.stop();
    }
  });
});

describe("problems", () => {
  test.each(["agents", "capabilities"])("404 problem+json for an unknown %s", async (collection) => {
    for (const list of ["prompts", "resources"]) {
      const response = await viewer.get(`/api/${collection}/${uniqueName("none")}/${list}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
    }
  });

  test.each(["agents", "capabilities"])("400 problem+json naming /environment for a bad environment of %s", async (collection) => {
    const name = collection === "agents" ? fixture.agent : fixture.capability;
    for (const list of ["prompts", "resources"]) {
      const response = await viewer.get(`/api/${collection}/${name}/${list}?environment=${encodeURIComponent("no spaces")}`);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(response.body.errors[0].path).toBe("/environment");
    }
  });
});
