import { describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));

describe("MCP server CRUD", () => {
  test("POST /api/mcp-servers — 201 with Location, ETag and the stored server", async () => {
    const name = uniqueName("crud");
    const created = await api.post("/api/mcp-servers", httpServer(name, { tags: ["b", "a"] }));

    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/mcp-servers/${name}`);
    expect(created.headers.get("etag")).toBe('"1"');
    expect(created.body.mcp_server).toMatchObject({ name, revision: 1, tags: ["b", "a"] });
    expect(created.body.mcp_server.created_at).toBe(created.body.mcp_server.modified_at);
  });

  test("POST /api/mcp-servers — 409 when the name is taken", async () => {
    const name = uniqueName("taken");
    await api.post("/api/mcp-servers", httpServer(name));
    const again = await api.post("/api/mcp-servers", httpServer(name));

    expect(again.status).toBe(409);
    expect(again.headers.get("content-type")).toContain("application/problem+json");
  });

  test("GET …/availability answers 200 for any name: free, taken, reserved, or against the rules", async () => {
    const [free, taken] = [uniqueName("free"), uniqueName("had")];
    expect((await api.post("/api/mcp-servers", httpServer(taken))).status).toBe(201);

    const answers = await Promise.all([free, taken, "new", "Not-Lower"].map(async (name) => {
      const response = await api.get(`/api/mcp-servers/${encodeURIComponent(name)}/availability`);
      expect(response.status).toBe(200);
      return response.body;
    }));
    expect(answers).toEqual([
      { name: free, available: true },
      { name: taken, available: false, reason: "a server already has this name" },
      { name: "new", available: false, reason: "is reserved" },
      { name: "Not-Lower", available: false, reason: expect.stringContaining("must be lowercase letters") },
    ]);
  });

  test("POST accepts streamable-http spellings and stores http; server-set fields are ignored", async () => {
    const name = uniqueName("spelling");
    const created = await api.post("/api/mcp-servers", {
      ...httpServer(name, { transport: { type: "streamable-http", url: "http://127.0.0.1:9/mcp" } }),
      revision: 99, created_at: "2001-01-01T00:00:00.000Z",
    });

    expect(created.status).toBe(201);
    expect(created.body.mcp_server.transport.type).toBe("http");
    expect(created.body.mcp_server.revision).toBe(1);
  });

  test("GET ?raw=true returns exactly what was entered, key order included", async () => {
    const name = uniqueName("raw");
    const input = { tags: ["x"], transport: { url: "http://127.0.0.1:9/${PATH_PART}", type: "sse" }, description: "Raw one", name };
    await api.post("/api/mcp-servers", input);
    const raw = await api.get(`/api/mcp-servers/${name}?raw=true`);

    expect(raw.status).toBe(200);
    expect(raw.headers.get("etag")).toBe('"1"');
    expect(Object.keys(raw.body.mcp_server)).toEqual(["tags", "transport", "description", "name", "created_at", "modified_at", "revision"]);
    expect(raw.body.mcp_server.transport).toEqual({ url: "http://127.0.0.1:9/${PATH_PART}", type: "sse" });
  });

  test("times are UTC ISO with milliseconds, read back exactly as written; nested keys keep their order", async () => {
    const name = uniqueName("times");
    await api.post("/api/mcp-servers", httpServer(name, { transport: { url: "http://127.0.0.1:9/mcp", type: "http", headers: { Z: "1", A: "2" } } }));
    const before = Date.now();
    const patched = await api.patch(`/api/mcp-servers/${name}`, { description: "later" });
    const after = Date.now();
    const raw = (await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
    const [revision] = (await api.get(`/api/mcp-servers/${name}/revisions`)).body.revisions;

    const isoMs = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    for (const time of [raw.created_at, raw.modified_at, revision.at]) expect(time).toMatch(isoMs);
    expect(raw.modified_at).toBe(patched.body.mcp_server.modified_at);
    expect(revision.at).toBe(raw.modified_at);
    // The PostgreSQL test cluster runs at UTC+05:45: a time zone slip would show here.
    expect(Date.parse(raw.modified_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(raw.modified_at)).toBeLessThanOrEqual(after);
    expect(Object.keys(raw.transport)).toEqual(["url", "type", "headers"]);
    expect(Object.keys(raw.transport.headers)).toEqual(["Z", "A"]);
  });

  test("GET resolves the transport for ?environment=, falling back to the base for an unknown one", async () => {
    const name = uniqueName("envs");
    await api.post("/api/mcp-servers", httpServer(name, {
      transport: { type: "http", url: "http://127.0.0.1:1000/mcp", headers: { "X-Team": "core", "X-Ns": "{{ns}}" } },
      parameters_schema: { type: "object", properties: { ns: { type: "string" } } },
      environments: { staging: { url: "http://127.0.0.1:2000/mcp", headers: { "X-Team": "staging" } } },
    }));

    const staging = await api.get(`/api/mcp-servers/${name}?environment=staging`);
    expect(staging.body.mcp_server.transport).toEqual({ type: "http", url: "http://127.0.0.1:2000/mcp", headers: { "X-Team": "staging", "X-Ns": "{{ns}}" } });
    expect(staging.body.mcp_server).toMatchObject({ resolved_url: "http://127.0.0.1:2000/mcp", environment: "staging" });

    const unknown = await api.get(`/api/mcp-servers/${name}?environment=nowhere`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.mcp_server).toMatchObject({ resolved_url: "http://127.0.0.1:1000/mcp", environment: "nowhere" });

    const current = await api.get(`/api/mcp-servers/${name}`);
    expect(current.body.mcp_server.environment).toBe("development");
  });

  test("GET masks values substituted from the registry's environment and warns about unset ones", async () => {
    const name = uniqueName("masked");
    await api.post("/api/mcp-servers", httpServer(name, {
      transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer ${PATCHBAY_TEST_UNSET_TOKEN}", Home: "${HOME}" } },
    }));
    const got = await api.get(`/api/mcp-servers/${name}`);

    expect(got.body.mcp_server.transport.headers).toEqual({ Authorization: "Bearer ${PATCHBAY_TEST_UNSET_TOKEN}", Home: "••••" });
    expect(got.body.warnings).toEqual([{ path: "/headers/Authorization", message: expect.stringContaining("PATCHBAY_TEST_UNSET_TOKEN") }]);
  });

  test("PUT replaces the whole definition and bumps the revision; unknown name → 404", async () => {
    const name = uniqueName("put");
    await api.post("/api/mcp-servers", httpServer(name, { tags: ["old"], version: "1.0.0" }));
    const put = await api.put(`/api/mcp-servers/${name}`, { name, description: "Replaced", transport: { type: "stdio", command: "node" } });

    expect(put.status).toBe(200);
    expect(put.headers.get("etag")).toBe('"2"');
    expect(put.body.mcp_server).toEqual(expect.objectContaining({ description: "Replaced", revision: 2 }));
    expect(put.body.mcp_server.tags).toBeUndefined();

    const missing = await api.put(`/api/mcp-servers/${uniqueName("ghost")}`, httpServer("ghost"));
    expect(missing.status).toBe(404);
  });

  test("PATCH is a JSON merge patch: null removes a field, objects merge", async () => {
    const name = uniqueName("patch");
    await api.post("/api/mcp-servers", httpServer(name, {
      support: { contact: "a@example.com", sla: "99%" }, tags: ["one"],
    }));
    const patched = await api.patch(`/api/mcp-servers/${name}`, { version: null, support: { sla: null, version: "2" }, tags: ["two"] });

    expect(patched.status).toBe(200);
    expect(patched.body.mcp_server.version).toBeUndefined();
    expect(patched.body.mcp_server.support).toEqual({ contact: "a@example.com", version: "2" });
    expect(patched.body.mcp_server.tags).toEqual(["two"]);
    const filtered = await api.get(`/api/mcp-servers?tags=two&search=${name}`);
    expect(filtered.body.mcp_servers.map((s: { name: string }) => s.name)).toEqual([name]);
  });

  test("PATCH with a new name renames the server", async () => {
    const name = uniqueName("before");
    const renamed = uniqueName("after");
    await api.post("/api/mcp-servers", httpServer(name));
    const patched = await api.patch(`/api/mcp-servers/${name}`, { name: renamed });

    expect(patched.status).toBe(200);
    expect((await api.get(`/api/mcp-servers/${name}`)).status).toBe(404);
    expect((await api.get(`/api/mcp-servers/${renamed}`)).status).toBe(200);
    expect((await api.get(`/api/mcp-servers/${renamed}/revisions`)).body.revisions).toHaveLength(2);
  });

  test("DELETE → 204, then 404; a stale If-Match → 412 and nothing deleted", async () => {
    const name = uniqueName("delete");
    await api.post("/api/mcp-servers", httpServer(name));
    await api.patch(`/api/mcp-servers/${name}`, { version: "2.0.0" });

    const stale = await api.delete(`/api/mcp-servers/${name}`, { "If-Match": '"1"' });
    expect(stale.status).toBe(412);
    expect((await api.get(`/api/mcp-servers/${name}`)).status).toBe(200);

    const deleted = await api.delete(`/api/mcp-servers/${name}`, { "If-Match": '"2"' });
    expect(deleted.status).toBe(204);
    expect((await api.get(`/api/mcp-servers/${name}`)).status).toBe(404);
    expect((await api.delete(`/api/mcp-servers/${name}`)).status).toBe(404);
  });

  test("POST …/validate — resolved config for valid parameters, valid:false with errors otherwise", async () => {
    const name = uniqueName("validate");
    await api.post("/api/mcp-servers", httpServer(name, {
      transport: { type: "http", url: "http://127.0.0.1:9/{{tenant}}/mcp", headers: { "X-Limit": "{{limit}}" } },
      parameters_schema: {
        type: "object", required: ["tenant"],
        properties: { tenant: { type: "string", minLength: 2 }, limit: { type: "integer", default: 10 } },
      },
      environments: { production: { url: "http://127.0.0.1:10/{{tenant}}/mcp" } },
    }));

    const valid = await api.post(`/api/mcp-servers/${name}/validate`, { parameters: { tenant: "acme" }, environment: "production" });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({
      valid: true,
      resolved_config: { type: "http", url: "http://127.0.0.1:10/acme/mcp", headers: { "X-Limit": "10" } },
      warnings: [],
      errors: [],
    });

    const invalid = await api.post(`/api/mcp-servers/${name}/validate`, { parameters: { tenant: "a", limit: "many" } });
    expect(invalid.status).toBe(200);
    expect(invalid.body.valid).toBe(false);
    expect(invalid.body.resolved_config).toBeNull();
    expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(["/parameters/limit", "/parameters/tenant"]);
  });

  test("a parameter value of ${PATH} is inserted literally, never expanded", async () => {
    const name = uniqueName("literal");
    await api.post("/api/mcp-servers", httpServer(name, {
      transport: { type: "stdio", command: "node", args: ["{{script}}"] },
      parameters_schema: { type: "object", properties: { script: { type: "string" } } },
    }));
    const validated = await api.post(`/api/mcp-servers/${name}/validate`, { parameters: { script: "${PATH}" } });

    expect(validated.body.resolved_config).toEqual({ type: "stdio", command: "node", args: ["${PATH}"] });
  });

  test("revisions: history newest first, one snapshot, restore writes a new revision equal to n", async () => {
    const name = uniqueName("revisions");
    await api.post("/api/mcp-servers", httpServer(name, { description: "First" }));
    await api.patch(`/api/mcp-servers/${name}`, { description: "Second" });

    const history = await api.get(`/api/mcp-servers/${name}/revisions`);
    expect(history.body.revisions.map((r: { revision: number; action: string }) => [r.revision, r.action])).toEqual([[2, "update"], [1, "create"]]);
    expect(history.body.revisions[0]).toEqual({ revision: 2, action: "update", actor: "anonymous", at: expect.any(String) });

    const first = await api.get(`/api/mcp-servers/${name}/revisions/1`);
    expect(first.body.revision.snapshot.description).toBe("First");
    expect((await api.get(`/api/mcp-servers/${name}/revisions/7`)).status).toBe(404);

    const stale = await api.post(`/api/mcp-servers/${name}/revisions/1/restore`, undefined, { "If-Match": '"1"' });
    expect(stale.status).toBe(412);

    const restored = await api.post(`/api/mcp-servers/${name}/revisions/1/restore`, undefined, { "If-Match": '"2"' });
    expect(restored.status).toBe(200);
    expect(restored.body.mcp_server).toMatchObject({ description: "First", revision: 3 });
    expect(restored.headers.get("etag")).toBe('"3"');
    const after = await api.get(`/api/mcp-servers/${name}/revisions`);
    expect(after.body.revisions[0]).toMatchObject({ revision: 3, action: "restore" });
  });
});
