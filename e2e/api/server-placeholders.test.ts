import { describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";

/**
 * Issue 31 item 2: every `{{name}}` of a definition must be a parameter its schema declares, checked at save (a
 * server that can never resolve is refused, naming the field and the parameter); a `${NAME}` nothing in the
 * registry fills saves (a runner may fill it, DESIGN §2 step 3) with a warning naming it.
 */
const api = apiClient(inject("baseUrl"));
const projectHeader = { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-Project-Id": "{{project_id}}" } };
const declared = { type: "object", required: ["project_id"], properties: { project_id: { type: "string" } } };
const undeclaredProblem = (errors: { path: string; message: string }[]) => ({
  type: "https://patchbay.dev/problems/invalid-input",
  title: "Invalid input",
  status: 400,
  detail: "The body does not match the schema.",
  errors,
});

describe("undeclared {{parameters}} are refused at save", () => {
  test("POST /api/mcp-servers — 400 naming the header and the parameter its schema does not declare; nothing is created", async () => {
    const name = uniqueName("undeclared");
    const refused = await api.post("/api/mcp-servers", httpServer(name, { transport: projectHeader }));

    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body).toEqual(undeclaredProblem([
      { path: "/transport/headers/X-Project-Id", message: "uses {{project_id}}, which the parameters schema does not declare" },
    ]));
    expect((await api.get(`/api/mcp-servers/${name}`)).status).toBe(404);
  });

  test("POST /api/mcp-servers — 201 once parameters_schema declares it, and validate fills it", async () => {
    const name = uniqueName("declared");
    const created = await api.post("/api/mcp-servers", httpServer(name, { transport: projectHeader, parameters_schema: declared }));
    expect(created.status, created.text).toBe(201);
    expect(created.body.warnings).toEqual([]);

    const validated = await api.post(`/api/mcp-servers/${name}/validate`, { parameters: { project_id: "alpha" } });
    expect(validated.body).toMatchObject({ valid: true, resolved_config: { headers: { "X-Project-Id": "alpha" } } });
  });

  test("PATCH — removing the schema a placeholder needs is refused, and an environment's own placeholder is checked too", async () => {
    const name = uniqueName("patch-undeclared");
    expect((await api.post("/api/mcp-servers", httpServer(name, { transport: projectHeader, parameters_schema: declared }))).status).toBe(201);

    const dropped = await api.patch(`/api/mcp-servers/${name}`, { parameters_schema: null });
    expect(dropped.status).toBe(400);
    expect(dropped.body.errors).toEqual([{ path: "/transport/headers/X-Project-Id", message: "uses {{project_id}}, which the parameters schema does not declare" }]);

    const environment = await api.patch(`/api/mcp-servers/${name}`, { environments: { production: { url: "https://{{region}}.example.com/mcp" } } });
    expect(environment.status).toBe(400);
    expect(environment.body.errors).toEqual([{ path: "/environments/production/url", message: "uses {{region}}, which the parameters schema does not declare" }]);
    expect((await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server.revision).toBe(1);
  });

  test("PUT — a stdio argument and env value are checked like headers", async () => {
    const name = uniqueName("put-undeclared");
    expect((await api.post("/api/mcp-servers", httpServer(name))).status).toBe(201);

    const replaced = await api.put(`/api/mcp-servers/${name}`, {
      name, description: "stdio", transport: { type: "stdio", command: "node", args: ["server.js", "{{root}}"], env: { DATA: "{{data_dir}}" } },
    });
    expect(replaced.status).toBe(400);
    expect(replaced.body.errors).toEqual([
      { path: "/transport/args/1", message: "uses {{root}}, which the parameters schema does not declare" },
      { path: "/transport/env/DATA", message: "uses {{data_dir}}, which the parameters schema does not declare" },
    ]);
  });

  test("POST /api/import?dry_run=true — 422 naming the entry's header with the same sentence", async () => {
    const name = uniqueName("import-undeclared");
    const report = await api.post("/api/import?dry_run=true", { mcp_servers: [httpServer(name, { transport: projectHeader })] });
    expect(report.status, report.text).toBe(422);
    expect(report.body.errors).toEqual([
      { path: "/servers/0/transport/headers/X-Project-Id", message: `'${name}': uses {{project_id}}, which the parameters schema does not declare` },
    ]);
  });
});

describe("${NAME} references that nothing fills are saved with a warning", () => {
  test("POST and PATCH answer a warning for an unknown variable, none for a registry variable or a runner placeholder", async () => {
    const known = `KNOWN_${uniqueName("v").slice(2).replace(/-/g, "_").toUpperCase()}`;
    const unknown = `UNKNOWN_${uniqueName("v").slice(2).replace(/-/g, "_").toUpperCase()}`;
    expect((await api.put(`/api/variables/${known}`, { value: "http://127.0.0.1:9" })).status).toBe(201);
    const name = uniqueName("variables");

    const created = await api.post("/api/mcp-servers", httpServer(name, {
      transport: { type: "http", url: `\${${known}}/mcp`, headers: { Authorization: `Bearer \${${unknown}}`, "X-Session": "${AGENT_SESSION_ID}" } },
    }));
    expect(created.status, created.text).toBe(201);
    expect(created.body.warnings).toEqual([
      { path: "/transport/headers/Authorization", message: `uses \${${unknown}}, which is not a registry variable; it stays as written until a runner fills it` },
    ]);

    const patched = await api.patch(`/api/mcp-servers/${name}`, { environments: { production: { url: "${PATCHBAY_ADMIN_TOKEN}/mcp" } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.warnings).toEqual([
      { path: "/transport/headers/Authorization", message: `uses \${${unknown}}, which is not a registry variable; it stays as written until a runner fills it` },
      { path: "/environments/production/url", message: "uses ${PATCHBAY_ADMIN_TOKEN}, which is the registry's own and is never substituted" },
    ]);
  });
});
