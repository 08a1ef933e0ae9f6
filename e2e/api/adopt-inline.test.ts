import { describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { givenAgent, givenCapability, givenServer } from "../support/documents";

const api = apiClient(inject("baseUrl"));

describe("POST /api/capabilities/:name/adopt-inline", () => {
  test("every inline config becomes a registry server and its reference names it, aliases in place", async () => {
    const registered = await givenServer(api, "adopt-kept");
    const suffix = uniqueName("x").slice(2);
    const [graph, files] = [`Graph ${suffix}`, `files_${suffix}`];
    const capability = await givenCapability(api, "adopt", {
      mcp_servers: {
        [graph]: { type: "streamable-http", url: "http://127.0.0.1:9003/mcp/", headers: { Authorization: "Bearer ${GRAPH_TOKEN}" } },
        kept: registered,
        [files]: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
      },
    });
    const [graphName, filesName] = [`graph-${suffix}`, `files_${suffix}`];

    const response = await api.post(`/api/capabilities/${capability}/adopt-inline`);
    const graphServer = await api.get(`/api/mcp-servers/${graphName}?raw=true`);
    const filesServer = await api.get(`/api/mcp-servers/${filesName}?raw=true`);
    const usedBy = await api.get(`/api/mcp-servers/${graphName}/used-by`);

    expect(response.status).toBe(200);
    expect(response.body.created).toEqual([graphName, filesName]);
    expect(response.headers.get("etag")).toBe('"2"');
    expect(JSON.stringify(response.body.capability.mcp_servers)).toBe(JSON.stringify({ [graph]: graphName, kept: registered, [files]: filesName }));
    expect(graphServer.body.mcp_server).toMatchObject({
      description: `Adopted from capability ${capability}`,
      transport: { type: "http", url: "http://127.0.0.1:9003/mcp/", headers: { Authorization: "Bearer ${GRAPH_TOKEN}" } },
    });
    expect(filesServer.body.mcp_server.transport).toEqual({ type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] });
    expect(usedBy.body.capabilities).toEqual([{ name: capability, alias: graph }]);
    expect((await api.get(`/api/capabilities/${capability}/revisions`)).body.revisions[0]).toMatchObject({ revision: 2, action: "update" });
  });

  test("nothing inline — 200, nothing created, no new revision", async () => {
    const capability = await givenCapability(api, "adopt-none", { mcp_servers: [await givenServer(api, "adopt-none")] });

    const response = await api.post(`/api/capabilities/${capability}/adopt-inline`);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ created: [], capability: { revision: 1 } });
  });

  test("an existing server with an identical transport is reused, not created", async () => {
    const alias = uniqueName("same");
    await api.post("/api/mcp-servers", httpServer(alias, { transport: { type: "http", url: "http://127.0.0.1:7/mcp" } }));
    const capability = await givenCapability(api, "adopt-same", { mcp_servers: { [alias]: { type: "http", url: "http://127.0.0.1:7/mcp" } } });

    const response = await api.post(`/api/capabilities/${capability}/adopt-inline`);

    expect(response.status).toBe(200);
    expect(response.body.created).toEqual([]);
    expect(response.body.capability.mcp_servers).toEqual({ [alias]: alias });
  });

  test("409 when a different server already has the name — and nothing at all changes", async () => {
    const taken = uniqueName("taken");
    const fresh = uniqueName("fresh");
    await api.post("/api/mcp-servers", httpServer(taken, { transport: { type: "http", url: "http://127.0.0.1:7/other" } }));
    const capability = await givenCapability(api, "adopt-409", {
      mcp_servers: { [fresh]: { url: "http://127.0.0.1:8/mcp" }, [taken]: { url: "http://127.0.0.1:7/mcp" } },
    });

    const response = await api.post(`/api/capabilities/${capability}/adopt-inline`);

    expect(response.status).toBe(409);
    expect(response.body.detail).toContain(`'${taken}'`);
    expect((await api.get(`/api/mcp-servers/${fresh}`)).status).toBe(404);
    expect((await api.get(`/api/capabilities/${capability}`)).body.capability.revision).toBe(1);
  });

  test("422 naming the field when an inline config can not be a registry server", async () => {
    const capability = await givenCapability(api, "adopt-422", { mcp_servers: { legacy: { url: "http://127.0.0.1:8/mcp", disabled: true } } });

    const response = await api.post(`/api/capabilities/${capability}/adopt-inline`);

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "/mcp_servers/legacy/disabled", message: "is not a known field" }]);
  });

  test("412 on a stale If-Match, 404 for an unknown capability", async () => {
    const capability = await givenCapability(api, "adopt-412", { mcp_servers: { legacy: { url: "http://127.0.0.1:8/mcp" } } });

    expect((await api.post(`/api/capabilities/${capability}/adopt-inline`, undefined, { "If-Match": '"7"' })).status).toBe(412);
    expect((await api.post(`/api/capabilities/${uniqueName("none")}/adopt-inline`)).status).toBe(404);
  });
});

describe("POST /api/agents/:name/adopt-inline", () => {
  test("the agent's own inline configs become registry servers and its references name them; again is a no-op", async () => {
    const registered = await givenServer(api, "agent-adopt-kept");
    const alias = uniqueName("agent-inline");
    const agent = await givenAgent(api, "agent-adopt", {
      mcp_servers: { [alias]: { type: "http", url: "http://127.0.0.1:9004/mcp/" }, kept: registered },
    });

    const response = await api.post(`/api/agents/${agent}/adopt-inline`);

    expect(response.status).toBe(200);
    expect(response.body.created).toEqual([alias]);
    expect(response.headers.get("etag")).toBe('"2"');
    expect(JSON.stringify(response.body.agent.mcp_servers)).toBe(JSON.stringify({ [alias]: alias, kept: registered }));
    expect((await api.get(`/api/mcp-servers/${alias}?raw=true`)).body.mcp_server).toMatchObject({
      description: `Adopted from agent ${agent}`, transport: { type: "http", url: "http://127.0.0.1:9004/mcp/" },
    });
    expect((await api.get(`/api/mcp-servers/${alias}/used-by`)).body.agents).toEqual([{ name: agent, alias, via: null }]);

    const again = await api.post(`/api/agents/${agent}/adopt-inline`);
    expect(again.status).toBe(200);
    expect(again.body.created).toEqual([]);
    expect(again.headers.get("etag")).toBe('"2"');
  });

  test("404 for an unknown agent; 412 on a stale If-Match, nothing changed", async () => {
    const agent = await givenAgent(api, "agent-adopt-stale", { mcp_servers: { [uniqueName("stale-inline")]: { type: "http", url: "http://127.0.0.1:9005/mcp/" } } });

    expect((await api.post(`/api/agents/${uniqueName("nobody")}/adopt-inline`)).status).toBe(404);
    expect((await api.post(`/api/agents/${agent}/adopt-inline`, undefined, { "If-Match": '"7"' })).status).toBe(412);
    expect((await api.get(`/api/agents/${agent}?raw=true`)).body.agent.revision).toBe(1);
  });
});
