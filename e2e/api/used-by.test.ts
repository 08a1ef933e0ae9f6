import { describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { givenAgent, givenCapability, givenServer } from "../support/documents";

const api = apiClient(inject("baseUrl"));

/** One server used by a capability (as `docs`), an agent through that capability, and another agent directly. */
async function givenUsedServer() {
  const server = await givenServer(api, "used");
  const capability = await givenCapability(api, "used", { mcp_servers: { docs: { server, parameters: { a: 1 } } } });
  const viaAgent = await givenAgent(api, "used-via", { capabilities: [capability] });
  const directAgent = await givenAgent(api, "used-direct", { mcp_servers: [server] });
  return { server, capability, viaAgent, directAgent };
}

describe("GET /api/mcp-servers/:name/used-by", () => {
  test("capabilities with their alias; agents directly and via a capability", async () => {
    const { server, capability, viaAgent, directAgent } = await givenUsedServer();

    const response = await api.get(`/api/mcp-servers/${server}/used-by`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      capabilities: [{ name: capability, alias: "docs" }],
      agents: [{ name: directAgent, alias: server, via: null }, { name: viaAgent, alias: "docs", via: capability }],
    });
  });

  test("nobody for an unused server; 404 for an unknown one", async () => {
    const server = await givenServer(api, "unused");

    expect((await api.get(`/api/mcp-servers/${server}/used-by`)).body).toEqual({ capabilities: [], agents: [] });
    expect((await api.get(`/api/mcp-servers/${uniqueName("nobody")}/used-by`)).status).toBe(404);
  });

  test("references follow updates and deletes of their owners", async () => {
    const { server, capability, viaAgent, directAgent } = await givenUsedServer();

    await api.patch(`/api/capabilities/${capability}`, { mcp_servers: { docs: null } });
    await api.delete(`/api/agents/${directAgent}`);
    const response = await api.get(`/api/mcp-servers/${server}/used-by`);

    expect(response.body).toEqual({ capabilities: [], agents: [] });
    expect((await api.get(`/api/agents/${viaAgent}`)).status).toBe(200);
  });
});

describe("integrity of referenced servers", () => {
  test("DELETE /api/mcp-servers/:name — 409 with used_by in the used-by shape; ?force=true deletes", async () => {
    const { server } = await givenUsedServer();
    const usedBy = (await api.get(`/api/mcp-servers/${server}/used-by`)).body;

    const refused = await api.delete(`/api/mcp-servers/${server}`);
    const stillThere = await api.get(`/api/mcp-servers/${server}`);
    const forced = await api.delete(`/api/mcp-servers/${server}?force=true`);

    expect(refused.status).toBe(409);
    expect(refused.body.used_by).toEqual(usedBy);
    expect(stillThere.status).toBe(200);
    expect(forced.status).toBe(204);
    expect((await api.get(`/api/mcp-servers/${server}`)).status).toBe(404);
  });

  test.each(["PUT", "PATCH"])("%s /api/mcp-servers/:name — renaming is refused while referenced, naming the referrers", async (method) => {
    const { server, capability, viaAgent, directAgent } = await givenUsedServer();
    const renamed = uniqueName("renamed");
    const body = method === "PUT" ? httpServer(renamed) : { name: renamed };

    const response = await api.request(method, `/api/mcp-servers/${server}`, { body });

    expect(response.status).toBe(409);
    for (const referrer of [`capability ${capability}`, `agent ${viaAgent}`, `agent ${directAgent}`]) expect(response.body.detail).toContain(referrer);
    expect((await api.get(`/api/mcp-servers/${renamed}`)).status).toBe(404);
  });

  test("an unreferenced server renames freely", async () => {
    const server = await givenServer(api, "free");
    const renamed = uniqueName("free-renamed");
    expect((await api.patch(`/api/mcp-servers/${server}`, { name: renamed })).status).toBe(200);
  });
});

describe("GET /api/capabilities/:name/used-by", () => {
  test("the agents that list the capability; nobody when unused; 404 for an unknown one", async () => {
    const capability = await givenCapability(api, "listed");
    expect((await api.get(`/api/capabilities/${capability}/used-by`)).body).toEqual({ capabilities: [], agents: [] });

    const agent = await givenAgent(api, "lister", { capabilities: [capability] });
    const response = await api.get(`/api/capabilities/${capability}/used-by`);
    expect(response.status).toBe(200);
    expect(response.body.capabilities).toEqual([]);
    expect(response.body.agents.map((user: { name: string; via: string | null }) => [user.name, user.via])).toEqual([[agent, null]]);

    expect((await api.get(`/api/capabilities/${uniqueName("nobody")}/used-by`)).status).toBe(404);
  });
});
