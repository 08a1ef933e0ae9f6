import { describe, expect, inject, test } from "vitest";

import { apiClient, uniqueName } from "../support/api-client";
import { agentBody, capabilityBody, givenAgent, givenCapability, givenServer } from "../support/documents";

const api = apiClient(inject("baseUrl"));

describe("capabilities — every reference form of seed 003 round-trips exactly", () => {
  test.each<{ proves: string; references: (server: string) => unknown }>([
    { proves: "a list of names", references: (server) => [server] },
    { proves: "alias → name", references: (server) => ({ docs: server }) },
    { proves: "alias → {server, parameters}", references: (server) => ({ docs: { server, parameters: { namespace: "research-docs" } } }) },
    { proves: "parameters written before server", references: (server) => ({ docs: { parameters: { z: 1, a: 2 }, server } }) },
    { proves: "key = server name → {parameters}", references: (server) => ({ [server]: { parameters: { namespace: "project-alpha" } } }) },
    { proves: "legacy inline config, unknown client keys and all", references: () => ({ neo4j: { url: "http://localhost:9003/mcp/", type: "http", disabled: false } }) },
    { proves: "mixed forms, aliases in entry order", references: (server) => ({ zeta: server, alpha: { server }, mid: { command: "npx", args: ["x"] } }) },
  ])("POST /api/capabilities then GET — $proves", async ({ references }) => {
    const server = await givenServer(api, "cap-form");
    const name = uniqueName("cap-form");
    const mcpServers = references(server);

    const created = await api.post("/api/capabilities", capabilityBody(name, { mcp_servers: mcpServers }));
    const read = await api.get(`/api/capabilities/${name}`);

    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/capabilities/${name}`);
    expect(created.headers.get("etag")).toBe('"1"');
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body.capability.mcp_servers)).toBe(JSON.stringify(mcpServers));
    expect(read.body.capability).toMatchObject({ name, revision: 1 });
  });

  test("PUT /api/capabilities/:name — a GET body sent back as it is changes nothing, not even the revision", async () => {
    const server = await givenServer(api, "cap-put");
    const name = await givenCapability(api, "cap-put", { mcp_servers: { docs: { parameters: { b: 1 }, server } }, tags: ["x"] });
    const { body } = await api.get(`/api/capabilities/${name}`);

    const put = await api.put(`/api/capabilities/${name}`, body.capability);

    expect(put.status).toBe(200);
    expect(put.body.capability).toEqual(body.capability);
    expect(JSON.stringify(put.body.capability.mcp_servers)).toBe(JSON.stringify(body.capability.mcp_servers));
  });

  test("PATCH /api/capabilities/:name — merge patch: null removes an alias, a new alias goes last", async () => {
    const [a, b] = [await givenServer(api, "cap-patch"), await givenServer(api, "cap-patch")];
    const name = await givenCapability(api, "cap-patch", { mcp_servers: { one: a, two: b } });

    const patched = await api.patch(`/api/capabilities/${name}`, { mcp_servers: { one: null, three: { server: a } } });

    expect(patched.status).toBe(200);
    expect(JSON.stringify(patched.body.capability.mcp_servers)).toBe(JSON.stringify({ two: b, three: { server: a } }));
  });
});

describe("capabilities — legacy inline configs are flagged in every response that touches them", () => {
  test("POST, GET and PATCH answer warnings naming the adopt-inline action; none without inline configs", async () => {
    const server = await givenServer(api, "cap-warn");
    const name = uniqueName("cap-warn");
    const warning = {
      path: "/mcp_servers/neo4j",
      message: `inline MCP server config in capability ${name} is deprecated; POST /api/capabilities/${name}/adopt-inline moves it into the registry`,
    };

    const created = await api.post("/api/capabilities", capabilityBody(name, { mcp_servers: { neo4j: { type: "http", url: "http://127.0.0.1:9003/mcp/" } } }));
    const read = await api.get(`/api/capabilities/${name}`);
    const patched = await api.patch(`/api/capabilities/${name}`, { mcp_servers: { neo4j: null, docs: server } });

    expect(created.body.warnings).toEqual([warning]);
    expect(read.body.warnings).toEqual([warning]);
    expect(patched.body.warnings).toEqual([]);
  });
});

describe("capabilities — refusals", () => {
  test("POST /api/capabilities — 422 naming an unknown server at the path of its reference", async () => {
    const name = uniqueName("cap-unknown");
    const ghost = uniqueName("ghost");

    const response = await api.post("/api/capabilities", capabilityBody(name, { mcp_servers: { docs: { server: ghost }, other: [] } }));
    const valid = await api.post("/api/capabilities", capabilityBody(name, { mcp_servers: { docs: { server: ghost } } }));

    expect(response.status).toBe(400);
    expect(valid.status).toBe(422);
    expect(valid.headers.get("content-type")).toContain("application/problem+json");
    expect(valid.body.detail).toContain(`MCP server '${ghost}'`);
    expect(valid.body.errors).toEqual([{ path: "/mcp_servers/docs/server", message: `MCP server '${ghost}' does not exist` }]);
    expect((await api.get(`/api/capabilities/${name}`)).status).toBe(404);
  });

  test("POST /api/capabilities — 409 when the name is taken, 400 for an unknown field", async () => {
    const name = await givenCapability(api, "cap-taken");

    expect((await api.post("/api/capabilities", capabilityBody(name))).status).toBe(409);
    const unknown = await api.post("/api/capabilities", capabilityBody(uniqueName("cap-x"), { text: "x" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: "/text", message: "is not a known field" }]);
  });

  test("PUT /api/capabilities/:name — 404 for an unknown name", async () => {
    const name = uniqueName("cap-none");
    expect((await api.put(`/api/capabilities/${name}`, capabilityBody(name))).status).toBe(404);
  });

  test.each(["PUT", "PATCH", "DELETE"])("%s /api/capabilities/:name — 412 when If-Match is stale, and nothing changes", async (method) => {
    const name = await givenCapability(api, "cap-412");
    await api.patch(`/api/capabilities/${name}`, { description: "second" });
    const body = method === "PUT" ? capabilityBody(name, { description: "third" }) : method === "PATCH" ? { description: "third" } : undefined;

    const stale = await api.request(method, `/api/capabilities/${name}`, { body, headers: { "If-Match": '"1"' } });
    const current = await api.get(`/api/capabilities/${name}`);
    const fresh = await api.request(method, `/api/capabilities/${name}`, { body, headers: { "If-Match": '"2"' } });

    expect(stale.status).toBe(412);
    expect(current.body.capability).toMatchObject({ description: "second", revision: 2 });
    expect(fresh.status).toBe(method === "DELETE" ? 204 : 200);
  });

  test("DELETE /api/capabilities/:name — 409 with used_by while an agent uses it; ?force=true deletes it anyway", async () => {
    const capability = await givenCapability(api, "cap-used");
    const agent = await givenAgent(api, "cap-user", { capabilities: [capability] });

    const refused = await api.delete(`/api/capabilities/${capability}`);
    const forced = await api.delete(`/api/capabilities/${capability}?force=true`);
    const blueprint = await api.get(`/api/agents/${agent}`);

    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(`agent ${agent}`);
    expect(refused.body.used_by).toEqual({ capabilities: [], agents: [{ name: agent, alias: capability, via: null }] });
    expect(forced.status).toBe(204);
    expect(blueprint.status).toBe(422);
    expect(blueprint.body.errors).toEqual([{ path: "/capabilities/0", message: `agent ${agent} references unknown capability '${capability}'` }]);
  });

  test("PUT /api/capabilities/:name — renaming is refused while an agent uses it, allowed once none does", async () => {
    const server = await givenServer(api, "cap-rename");
    const capability = await givenCapability(api, "cap-rename", { mcp_servers: { docs: server } });
    const agent = await givenAgent(api, "cap-rename", { capabilities: [capability] });
    const renamed = uniqueName("cap-renamed");

    const refused = await api.put(`/api/capabilities/${capability}`, capabilityBody(renamed, { mcp_servers: { docs: server } }));
    await api.patch(`/api/agents/${agent}`, { capabilities: null });
    const allowed = await api.patch(`/api/capabilities/${capability}`, { name: renamed });
    const usedBy = await api.get(`/api/mcp-servers/${server}/used-by`);

    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(`agent ${agent}`);
    expect(refused.body.used_by.agents).toEqual([{ name: agent, alias: capability, via: null }]);
    expect(allowed.status).toBe(200);
    expect(allowed.body.capability.name).toBe(renamed);
    expect((await api.get(`/api/capabilities/${capability}`)).status).toBe(404);
    expect(usedBy.body).toEqual({ capabilities: [{ name: renamed, alias: "docs" }], agents: [] });
  });
});

describe("capabilities — lists and revisions", () => {
  test("GET /api/capabilities — summaries filtered by search and tags, paged by cursor", async () => {
    const tag = uniqueName("tag");
    const server = await givenServer(api, "cap-list");
    const names = [
      await givenCapability(api, "cap-list", { tags: [tag], mcp_servers: { docs: server, legacy: { url: "http://x/mcp" } } }),
      await givenCapability(api, "cap-list", { tags: [tag, "other"] }),
      await givenCapability(api, "cap-list", { tags: [tag], description: "Needle in the description" }),
    ].sort();

    const all = await api.get(`/api/capabilities?tags=${tag}`);
    const both = await api.get(`/api/capabilities?tags=${tag},other`);
    const searched = await api.get(`/api/capabilities?tags=${tag}&search=NEEDLE`);
    const first = await api.get(`/api/capabilities?tags=${tag}&limit=2`);
    const second = await api.get(`/api/capabilities?tags=${tag}&limit=2&cursor=${first.body.next_cursor}`);

    expect(all.body.capabilities.map((cap: { name: string }) => cap.name)).toEqual(names);
    expect(all.body.next_cursor).toBeNull();
    expect(both.body.capabilities).toHaveLength(1);
    expect(searched.body.capabilities.map((cap: { description: string }) => cap.description)).toEqual(["Needle in the description"]);
    expect([...first.body.capabilities, ...second.body.capabilities].map((cap: { name: string }) => cap.name)).toEqual(names);
    expect(second.body.next_cursor).toBeNull();
    const withServers = all.body.capabilities.find((cap: { server_count: number }) => cap.server_count === 2);
    expect(withServers).toMatchObject({ references: [{ alias: "docs", server }, { alias: "legacy", server: null }], has_inline: true, tags: [tag] });
    expect(Object.keys(withServers).sort()).toEqual(["description", "has_inline", "modified_at", "name", "references", "server_count", "tags"]);
  });

  test("GET /api/capabilities — 400 for a cursor this server never gave out", async () => {
    expect((await api.get("/api/capabilities?cursor=!!!")).status).toBe(400);
  });

  test("revisions — history newest first, one snapshot, restore writes a new revision equal to it", async () => {
    const name = await givenCapability(api, "cap-rev", { tags: ["first"] });
    await api.patch(`/api/capabilities/${name}`, { tags: ["second"] });

    const history = await api.get(`/api/capabilities/${name}/revisions`);
    const one = await api.get(`/api/capabilities/${name}/revisions/1`);
    const restored = await api.post(`/api/capabilities/${name}/revisions/1/restore`);
    const missing = await api.get(`/api/capabilities/${name}/revisions/9`);

    expect(history.body.revisions.map((rev: { revision: number; action: string }) => [rev.revision, rev.action])).toEqual([[2, "update"], [1, "create"]]);
    expect(one.body.revision.snapshot).toEqual(capabilityBody(name, { tags: ["first"] }));
    expect(restored.status).toBe(200);
    expect(restored.body.capability).toMatchObject({ tags: ["first"], revision: 3 });
    expect(restored.headers.get("etag")).toBe('"3"');
    expect((await api.get(`/api/capabilities/${name}/revisions`)).body.revisions[0]).toMatchObject({ revision: 3, action: "restore" });
    expect(missing.status).toBe(404);
  });

  test("revisions — restoring a snapshot whose server has since gone is refused with 422", async () => {
    const server = await givenServer(api, "cap-rev-gone");
    const name = await givenCapability(api, "cap-rev-gone", { mcp_servers: [server] });
    await api.patch(`/api/capabilities/${name}`, { mcp_servers: [] });
    await api.delete(`/api/mcp-servers/${server}`);

    const restored = await api.post(`/api/capabilities/${name}/revisions/1/restore`);

    expect(restored.status).toBe(422);
    expect(restored.body.errors).toEqual([{ path: "/mcp_servers/0", message: `MCP server '${server}' does not exist` }]);
  });

  test("agent bodies are refused by the capability schema (strict)", async () => {
    const response = await api.post("/api/capabilities", agentBody(uniqueName("cap-strict"), { capabilities: [] }));
    expect(response.status).toBe(400);
  });
});
