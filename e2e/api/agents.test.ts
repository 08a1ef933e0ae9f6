import { describe, expect, inject, test } from "vitest";

import { apiClient, uniqueName } from "../support/api-client";
import { agentBody, givenAgent, givenCapability, givenServer } from "../support/documents";

const api = apiClient(inject("baseUrl"));

/** A server whose one parameter every source can give, so the blueprint shows which one won. */
const tiered = {
  transport: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "{{value}}" } },
  parameters_schema: { type: "object", properties: { value: { type: "string", default: "from-default" } } },
};

describe("agents — stored and resolved", () => {
  test("POST /api/agents then GET ?raw=true — as entered; GET resolves mcp_servers for the environment", async () => {
    const server = await givenServer(api, "agent-env", {
      transport: { type: "http", url: "http://127.0.0.1:1/base", headers: { "X-Home": "${HOME}" } },
      environments: { production: { url: "http://127.0.0.1:1/prod" } },
    });
    const capability = await givenCapability(api, "agent-env", { mcp_servers: { docs: server } });
    const name = uniqueName("agent-env");
    const body = agentBody(name, { capabilities: [capability], mcp_servers: { [`${server}`]: {} }, tags: ["t"] });

    const created = await api.post("/api/agents", body);
    const raw = await api.get(`/api/agents/${name}?raw=true`);
    const development = await api.get(`/api/agents/${name}`);
    const production = await api.get(`/api/agents/${name}?environment=production`);

    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/agents/${name}`);
    expect(raw.body.agent).toEqual({ ...body, created_at: expect.any(String), modified_at: expect.any(String), revision: 1 });
    expect(development.status).toBe(200);
    expect(development.headers.get("etag")).toMatch(/^W\/"1-[A-Za-z0-9_-]+"$/);
    expect(development.body).toEqual({
      agent: { ...raw.body.agent, mcp_servers: {
        docs: { type: "http", url: "http://127.0.0.1:1/base", headers: { "X-Home": process.env.HOME } },
        [server]: { type: "http", url: "http://127.0.0.1:1/base", headers: { "X-Home": process.env.HOME } },
      } },
      environment: "development",
      warnings: [],
    });
    expect(Object.keys(development.body.agent.mcp_servers)).toEqual(["docs", server]);
    expect(production.body.environment).toBe("production");
    expect(production.body.agent.mcp_servers.docs.url).toBe("http://127.0.0.1:1/prod");
  });

  test("POST /api/agents — 422 naming an unknown capability and an unknown server by path", async () => {
    const [capability, server] = [uniqueName("ghost-cap"), uniqueName("ghost-server")];

    const response = await api.post("/api/agents", agentBody(uniqueName("agent-422"), { capabilities: [capability], mcp_servers: [server] }));

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { path: "/capabilities/0", message: `capability '${capability}' does not exist` },
      { path: "/mcp_servers/0", message: `MCP server '${server}' does not exist` },
    ]);
  });

  test("GET /api/agents says of each agent whether it resolves, and why not, as the blueprint request would", async () => {
    const tag = uniqueName("resolution");
    const fine = await givenAgent(api, "resolves", { tags: [tag], mcp_servers: { docs: await givenServer(api, "resolves") } });
    const [one, two] = [await givenServer(api, "clash"), await givenServer(api, "clash")];
    const a = await givenCapability(api, "clash-a", { mcp_servers: { docs: one } });
    const b = await givenCapability(api, "clash-b", { mcp_servers: { docs: two } });
    const clashing = await givenAgent(api, "clashes", { tags: [tag], capabilities: [a, b] });

    const listed = await api.get(`/api/agents?tags=${tag}`);
    expect(listed.status).toBe(200);
    const byName = Object.fromEntries(listed.body.agents.map((agent: { name: string; resolution: unknown }) => [agent.name, agent.resolution]));
    expect(byName).toEqual({
      [fine]: { resolves: true, warnings: 0, problem: null },
      [clashing]: { resolves: false, warnings: 0, problem: `MCP server 'docs' defined in multiple places: capability ${a}, capability ${b}` },
    });
  });

  test("GET /api/agents/:name — 404 for an unknown agent", async () => {
    expect((await api.get(`/api/agents/${uniqueName("nobody")}`)).status).toBe(404);
  });
});

describe("POST /api/agents/:name/blueprint — parameter priority: reference > run-time > context > default", () => {
  test.each<{ proves: string; reference?: Record<string, unknown>; body: Record<string, unknown>; value: string }>([
    { proves: "reference beats run-time and context", reference: { value: "from-reference" }, body: { parameters: { t: { value: "from-runtime" } }, context: { value: "from-context" } }, value: "from-reference" },
    { proves: "run-time (by alias) beats context", body: { parameters: { t: { value: "from-runtime" } }, context: { value: "from-context" } }, value: "from-runtime" },
    { proves: "context beats the default", body: { context: { value: "from-context" } }, value: "from-context" },
    { proves: "the default when nothing else gives it", body: {}, value: "from-default" },
  ])("$proves", async ({ reference, body, value }) => {
    const server = await givenServer(api, "tiered", tiered);
    const agent = await givenAgent(api, "tiered", { mcp_servers: { t: reference ? { server, parameters: reference } : server } });

    const response = await api.post(`/api/agents/${agent}/blueprint`, body);

    expect(response.status).toBe(200);
    expect(response.body.agent.mcp_servers.t).toEqual({ type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": value } });
  });
});

describe("POST /api/agents/:name/blueprint — refusals and warnings", () => {
  test("409 when two capabilities define one alias, naming both", async () => {
    const [one, two] = [await givenServer(api, "conflict"), await givenServer(api, "conflict")];
    const a = await givenCapability(api, "conflict-a", { mcp_servers: { docs: one } });
    const b = await givenCapability(api, "conflict-b", { mcp_servers: { docs: two } });
    const agent = await givenAgent(api, "conflict", { capabilities: [a, b] });

    const posted = await api.post(`/api/agents/${agent}/blueprint`, {});
    const got = await api.get(`/api/agents/${agent}`);

    expect(posted.status).toBe(409);
    expect(posted.body.detail).toBe(`MCP server 'docs' defined in multiple places: capability ${a}, capability ${b}`);
    expect(got.status).toBe(409);
  });

  test("422 naming the alias and the parameter that has no value", async () => {
    const server = await givenServer(api, "required", {
      transport: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Namespace": "{{namespace}}" } },
      parameters_schema: { type: "object", required: ["namespace"], properties: { namespace: { type: "string" } } },
    });
    const agent = await givenAgent(api, "required", { mcp_servers: { docs: server } });

    const missing = await api.post(`/api/agents/${agent}/blueprint`, {});
    const given = await api.post(`/api/agents/${agent}/blueprint`, { parameters: { docs: { namespace: "n" } } });

    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ path: "/mcp_servers/docs/parameters/namespace", message: expect.stringContaining("'namespace'") }]);
    expect(missing.body.detail).toContain("MCP server 'docs'");
    expect(given.body.agent.mcp_servers.docs.headers).toEqual({ "X-Namespace": "n" });
  });

  test("422 naming the referrer when a server was force-deleted", async () => {
    const server = await givenServer(api, "gone");
    const capability = await givenCapability(api, "gone", { mcp_servers: { docs: server } });
    const agent = await givenAgent(api, "gone", { capabilities: [capability] });
    await api.delete(`/api/mcp-servers/${server}?force=true`);

    const response = await api.post(`/api/agents/${agent}/blueprint`, {});

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "/mcp_servers/docs", message: `capability ${capability} references unknown MCP server '${server}'` }]);
  });

  test("a legacy inline config passes through as stored with a deprecation warning", async () => {
    const capability = await givenCapability(api, "inline", { mcp_servers: { neo4j: { type: "http", url: "http://localhost:9003/mcp/" } } });
    const agent = await givenAgent(api, "inline", { capabilities: [capability] });

    const response = await api.post(`/api/agents/${agent}/blueprint`, { parameters: { nope: {} } });

    expect(response.body.agent.mcp_servers).toEqual({ neo4j: { type: "http", url: "http://localhost:9003/mcp/" } });
    expect(response.body.warnings).toEqual([
      { path: "/mcp_servers/neo4j", message: `inline MCP server config in capability ${capability} is deprecated; move it into the registry` },
      { path: "/parameters/nope", message: "no MCP server of the blueprint has this alias; ignored" },
    ]);
  });

  test("400 for a body field the blueprint does not know", async () => {
    const agent = await givenAgent(api, "blueprint-400");
    expect((await api.post(`/api/agents/${agent}/blueprint`, { params: {} })).status).toBe(400);
  });
});

describe("POST /api/agents/:name/blueprint?format= — client config files", () => {
  test.each([
    { format: "cursor", key: "mcpServers" },
    { format: "vscode", key: "servers" },
  ])("$format → {$key: {alias: flat config}}", async ({ format, key }) => {
    const server = await givenServer(api, "format");
    const agent = await givenAgent(api, "format", { mcp_servers: { remote: server, local: { command: "node", args: ["x.js"] } } });

    const response = await api.post(`/api/agents/${agent}/blueprint?format=${format}`, {});

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ [key]: {
      remote: { type: "http", url: "http://127.0.0.1:9/mcp" },
      local: { type: "stdio", command: "node", args: ["x.js"] },
    } });
  });

  test("claude → Claude Desktop's file, which takes local servers only: a remote one is bridged by mcp-remote", async () => {
    const server = await givenServer(api, "format");
    const agent = await givenAgent(api, "format", { mcp_servers: { remote: server, local: { command: "node", args: ["x.js"] } } });

    const response = await api.post(`/api/agents/${agent}/blueprint?format=claude`, {});

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mcpServers: {
      remote: { command: "npx", args: ["-y", "mcp-remote", "http://127.0.0.1:9/mcp"] },
      local: { type: "stdio", command: "node", args: ["x.js"] },
    } });
  });

  test("400 for a format no client has", async () => {
    const agent = await givenAgent(api, "format-400");
    expect((await api.post(`/api/agents/${agent}/blueprint?format=emacs`, {})).status).toBe(400);
  });
});

describe("agents — writes", () => {
  test.each(["PUT", "PATCH", "DELETE"])("%s /api/agents/:name — 412 when If-Match is stale", async (method) => {
    const name = await givenAgent(api, "agent-412");
    await api.patch(`/api/agents/${name}`, { description: "second" });
    const body = method === "PUT" ? agentBody(name) : method === "PATCH" ? { tags: ["x"] } : undefined;

    const stale = await api.request(method, `/api/agents/${name}`, { body, headers: { "If-Match": '"1"' } });
    const fresh = await api.request(method, `/api/agents/${name}`, { body, headers: { "If-Match": '"2"' } });

    expect(stale.status).toBe(412);
    expect(fresh.status).toBe(method === "DELETE" ? 204 : 200);
  });

  test("PATCH /api/agents/:name — a rename carries the agent's references along", async () => {
    const server = await givenServer(api, "agent-rename");
    const capability = await givenCapability(api, "agent-rename", { mcp_servers: { docs: server } });
    const agent = await givenAgent(api, "agent-rename", { capabilities: [capability], mcp_servers: { own: server } });
    const renamed = uniqueName("agent-renamed");

    const response = await api.patch(`/api/agents/${agent}`, { name: renamed });
    const usedBy = await api.get(`/api/mcp-servers/${server}/used-by`);

    expect(response.status).toBe(200);
    expect(usedBy.body.agents).toEqual([
      { name: renamed, alias: "own", via: null },
      { name: renamed, alias: "docs", via: capability },
    ]);
  });

  test("revisions — list, one, restore", async () => {
    const name = await givenAgent(api, "agent-rev", { tags: ["first"] });
    await api.put(`/api/agents/${name}`, agentBody(name, { tags: ["second"] }));

    const history = await api.get(`/api/agents/${name}/revisions`);
    const one = await api.get(`/api/agents/${name}/revisions/1`);
    const restored = await api.post(`/api/agents/${name}/revisions/1/restore`, undefined);

    expect(history.body.revisions.map((rev: { action: string }) => rev.action)).toEqual(["update", "create"]);
    expect(one.body.revision.snapshot.tags).toEqual(["first"]);
    expect(restored.body.agent).toMatchObject({ tags: ["first"], revision: 3 });
  });

  test("GET /api/agents — summaries with capabilities and own references", async () => {
    const tag = uniqueName("agent-tag");
    const server = await givenServer(api, "agent-list");
    const capability = await givenCapability(api, "agent-list");
    const name = await givenAgent(api, "agent-list", { tags: [tag], capabilities: [capability], mcp_servers: [server] });

    const response = await api.get(`/api/agents?tags=${tag}`);

    expect(response.body).toEqual({
      agents: [{
        name, description: `Test agent ${name}`, tags: [tag], capabilities: [capability],
        server_count: 1, references: [{ alias: server, server }], has_inline: false, modified_at: expect.any(String),
        resolution: { resolves: true, warnings: 0, problem: null },
      }],
      next_cursor: null,
    });
  });
});

describe("demo data (seeded into the suite's empty database)", () => {
  test("GET /api/agents/researcher — docs and orchestrator from its capabilities, then memory and everything of its own", async () => {
    const response = await api.get("/api/agents/researcher?environment=docker");

    expect(response.status).toBe(200);
    expect(Object.keys(response.body.agent.mcp_servers)).toEqual(["docs", "orchestrator", "memory", "everything"]);
    expect(response.body.agent.mcp_servers.docs.headers["X-Namespace"]).toBe("research-docs");
    expect(response.body.agent.capabilities).toEqual(["document-research", "orchestration"]);
  });
});
