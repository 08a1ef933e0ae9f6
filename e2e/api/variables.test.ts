import { describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));
const uniqueVariable = (prefix: string) => `${prefix}_${uniqueName("v").slice(2).toUpperCase().replace(/-/g, "_")}`;

describe("registry variables (DESIGN §10)", () => {
  test("PUT creates (201, Location, ETag) then replaces (200); GET shows a plain value; the list names it", async () => {
    const name = uniqueVariable("BASE_URL");
    const created = await api.put(`/api/variables/${name}`, { description: "Base", value: "http://127.0.0.1:9", environments: { production: "http://127.0.0.1:10" } });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/variables/${name}`);
    expect(created.headers.get("etag")).toBe('"1"');
    expect(created.body.variable).toEqual({
      name, description: "Base", secret: false, value: "http://127.0.0.1:9", environments: { production: "http://127.0.0.1:10" },
      created_at: expect.any(String), modified_at: expect.any(String), revision: 1,
    });

    const replaced = await api.put(`/api/variables/${name}`, { name, value: "http://127.0.0.1:11" });
    expect(replaced.status).toBe(200);
    expect(replaced.body.variable).toMatchObject({ value: "http://127.0.0.1:11", revision: 2 });
    expect(replaced.body.variable.environments).toBeUndefined();

    const listed = await api.get("/api/variables");
    expect(listed.body.variables).toContainEqual(expect.objectContaining({ name, value: "http://127.0.0.1:11" }));
  });

  test("a secret's values never come back: not from PUT, GET, the list or a revision", async () => {
    const name = uniqueVariable("TOKEN");
    const value = `never-shown-${uniqueName("s")}`;
    const created = await api.put(`/api/variables/${name}`, { secret: true, value, environments: { production: `${value}-prod` }, scope: { servers: ["anything"] } });
    expect(created.status).toBe(201);
    expect(created.body.variable).toMatchObject({ secret: true, value: "••••", environments: { production: "••••" }, has_value: true });

    for (const path of [`/api/variables/${name}`, "/api/variables", `/api/audit?name=${name}`]) {
      const response = await api.get(path);
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(value);
    }
  });

  test("•••• sent back keeps a secret's stored value; PATCH merges; the value is still used", async () => {
    const name = uniqueVariable("KEPT");
    const server = uniqueName("kept-user");
    await api.put(`/api/variables/${name}`, { secret: true, value: "kept-secret-1", scope: { servers: [server] } });
    const seen = (await api.get(`/api/variables/${name}`)).body.variable;
    const { created_at: _c, modified_at: _m, revision: _r, has_value: _h, ...definition } = seen;
    expect((await api.put(`/api/variables/${name}`, { ...definition, description: "edited" })).status).toBe(200);
    expect((await api.patch(`/api/variables/${name}`, { description: "patched" })).body.variable).toMatchObject({ description: "patched", revision: 3 });

    await api.post("/api/mcp-servers", httpServer(server, { transport: { type: "stdio", command: "run", env: { KEY: `\${${name}}` } } }));
    await api.post("/api/agents", { name: `${server}-agent`, description: "x", mcp_servers: [server] });
    // The shared suite runs with auth off, as admin: blueprints are unmasked.
    const blueprint = await api.get(`/api/agents/${server}-agent`);
    expect(blueprint.body.agent.mcp_servers[server].env).toEqual({ KEY: "kept-secret-1" });
  });

  test("turning a secret into a plain variable needs its value typed again", async () => {
    const name = uniqueVariable("FLIP");
    await api.put(`/api/variables/${name}`, { secret: true, value: "flip-secret", scope: { hosts: ["*.example.com"] } });
    const refused = await api.patch(`/api/variables/${name}`, { secret: false, scope: null });
    expect(refused.status).toBe(400);
    expect((await api.get(`/api/variables/${name}`)).body.variable).toMatchObject({ secret: true, revision: 1 });
  });

  test("If-Match: stale → 412 and nothing changes; current → the write", async () => {
    const name = uniqueVariable("GUARDED");
    await api.put(`/api/variables/${name}`, { value: "one" });
    const stale = await api.put(`/api/variables/${name}`, { value: "two" }, { "If-Match": '"7"' });
    expect(stale.status).toBe(412);
    expect((await api.patch(`/api/variables/${name}`, { value: "two" }, { "If-Match": '"1"' })).status).toBe(200);
    expect((await api.get(`/api/variables/${name}`)).body.variable.value).toBe("two");
    expect((await api.put(`/api/variables/${uniqueVariable("NEW")}`, { value: "x" }, { "If-Match": '"1"' })).status).toBe(412);
  });

  test("used-by names the servers; delete of a used variable → 409 unless ?force=true", async () => {
    const name = uniqueVariable("USED");
    const server = uniqueName("uses-var");
    await api.put(`/api/variables/${name}`, { value: "http://127.0.0.1:9" });
    await api.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: `\${${name}}/mcp` } }));
    // A longer name that starts with this one is not a use of it.
    await api.post("/api/mcp-servers", httpServer(uniqueName("other"), { transport: { type: "http", url: `\${${name}_2}/mcp` } }));

    expect((await api.get(`/api/variables/${name}/used-by`)).body).toEqual({ mcp_servers: [{ name: server }] });
    const resolved = await api.get(`/api/mcp-servers/${server}`);
    expect(resolved.body.mcp_server.resolved_url).toBe("http://127.0.0.1:9/mcp");

    const refused = await api.delete(`/api/variables/${name}`);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(server);
    expect((await api.delete(`/api/variables/${name}?force=true`)).status).toBe(204);
    expect((await api.get(`/api/variables/${name}`)).status).toBe(404);
    const after = await api.get(`/api/mcp-servers/${server}`);
    expect(after.body.warnings).toContainEqual({ path: "/url", message: `variable ${name} is not set; left for the runner` });
  });

  test.each([
    { proves: "a lowercase name", path: "lower_case", body: { value: "x" }, field: "/name" },
    { proves: "a body name that differs from the path", path: "RIGHT_NAME", body: { name: "OTHER_NAME", value: "x" }, field: "/name" },
    { proves: "an unknown field", path: "ODD_FIELD", body: { value: "x", colour: "red" }, field: "" },
    { proves: "a host glob with a path", path: "BAD_HOST", body: { secret: true, value: "x", scope: { hosts: ["example.com/x"] } }, field: "/scope/hosts/0" },
    { proves: "an empty scope", path: "EMPTY_SCOPE", body: { secret: true, value: "x", scope: {} }, field: "/scope" },
  ])("400 for $proves, and nothing is written", async ({ path, body, field }) => {
    const response = await api.put(`/api/variables/${path}`, body);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    if (field) expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(field);
    expect((await api.get(`/api/variables/${path}`)).status).toBeGreaterThanOrEqual(400);
  });
});
