import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, inject, test } from "vitest";

import { DETECTED_FORMATS } from "../../lib/formats/fixtures/detected-formats";
import { apiClient, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));

const postImport = (body: unknown, query = "") =>
  api.request("POST", `/api/import${query}`, { rawBody: typeof body === "string" ? body : JSON.stringify(body) });
const fixture = (name: string) => readFileSync(path.resolve("lib/formats/fixtures", name), "utf8");
const statusOf = async (name: string) => (await api.get(`/api/mcp-servers/${name}?raw=true`)).status;

describe("POST /api/import — conflict policies, atomicity, dry run", () => {
  test("on_conflict=fail (the default) — one invalid entry: 422 with the report, nothing written", async () => {
    const [good, bad, other] = [uniqueName("atom-good"), uniqueName("atom-bad"), uniqueName("atom-other")];
    const response = await postImport({
      mcp_servers: [httpServer(good), httpServer(bad, { transport: { type: "http", url: "not a url" } }), httpServer(other)],
    });

    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.body).toMatchObject({ status: 422, dry_run: false, format: "native", created: [], updated: [], skipped: [], renamed: [] });
    expect(response.body.errors).toEqual([{ path: "/servers/1/transport/url", message: expect.stringMatching(new RegExp(`^'${bad}': must be an absolute`)) }]);
    expect([await statusOf(good), await statusOf(bad), await statusOf(other)]).toEqual([404, 404, 404]);
  });

  test("on_conflict=fail — an existing name: 422 naming it, nothing written, the existing server untouched", async () => {
    const [taken, fresh] = [uniqueName("fail-taken"), uniqueName("fail-fresh")];
    await api.post("/api/mcp-servers", httpServer(taken));
    const response = await postImport({ mcp_servers: [httpServer(fresh), httpServer(taken, { description: "Replaced?" })] });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "/servers/1/name", message: expect.stringContaining(`'${taken}' already exists`) }]);
    expect(await statusOf(fresh)).toBe(404);
    expect((await api.get(`/api/mcp-servers/${taken}?raw=true`)).body.mcp_server).toMatchObject({ description: `Test server ${taken}`, revision: 1 });
  });

  test("on_conflict=skip — writes the valid new entries, skips existing names, reports invalid ones: 200", async () => {
    const [taken, fresh, bad] = [uniqueName("skip-taken"), uniqueName("skip-fresh"), uniqueName("skip-bad")];
    await api.post("/api/mcp-servers", httpServer(taken));
    const response = await postImport(
      { mcp_servers: [httpServer(taken, { description: "Ignored" }), httpServer(fresh, { tags: ["imported"] }), { name: bad, transport: { type: "stdio" } }] },
      "?on_conflict=skip",
    );

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ created: [{ name: fresh }], updated: [], skipped: [{ name: taken, reason: "already exists" }] });
    // No description is no error: an imported entry without one gets "Imported from <format>".
    expect(response.body.errors).toEqual([{ path: "/servers/2/transport/command", message: `'${bad}': is required` }]);
    expect((await api.get(`/api/mcp-servers/${taken}?raw=true`)).body.mcp_server.description).toBe(`Test server ${taken}`);
    expect((await api.get(`/api/mcp-servers?tags=imported&search=${fresh}`)).body.mcp_servers.map(({ name }: { name: string }) => name)).toEqual([fresh]);
    expect(await statusOf(bad)).toBe(404);
  });

  test("on_conflict=overwrite — replaces existing definitions (revision +1, action import, tags replaced), creates new ones", async () => {
    const [taken, fresh] = [uniqueName("over-taken"), uniqueName("over-fresh")];
    await api.post("/api/mcp-servers", httpServer(taken, { tags: ["before"] }));
    const replacement = { transport: { url: "https://replaced.example/mcp", type: "sse" }, name: taken, description: "Replaced", tags: ["after"] };
    const response = await postImport({ mcp_servers: [replacement, httpServer(fresh)] }, "?on_conflict=overwrite");

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ created: [{ name: fresh }], updated: [{ name: taken }], skipped: [], errors: [] });
    const stored = await api.get(`/api/mcp-servers/${taken}?raw=true`);
    expect(stored.headers.get("etag")).toBe('"2"');
    expect(Object.keys(stored.body.mcp_server)).toEqual(["transport", "name", "description", "tags", "created_at", "modified_at", "revision"]);
    expect(stored.body.mcp_server).toMatchObject(replacement);
    expect((await api.get(`/api/mcp-servers/${taken}/revisions`)).body.revisions.map(({ action }: { action: string }) => action)).toEqual(["import", "create"]);
    expect((await api.get(`/api/mcp-servers?tags=before&search=${taken}`)).body.mcp_servers).toEqual([]);
    expect((await api.get(`/api/mcp-servers?tags=after&search=${taken}`)).body.mcp_servers).toHaveLength(1);

    const again = await postImport({ mcp_servers: [replacement] }, "?on_conflict=overwrite");
    expect(again.body).toMatchObject({ updated: [], skipped: [{ name: taken, reason: "unchanged: identical to the stored definition" }] });
  });

  test("dry_run=true — reports what would happen and writes nothing, in every policy", async () => {
    const [taken, fresh] = [uniqueName("dry-taken"), uniqueName("dry-fresh")];
    await api.post("/api/mcp-servers", httpServer(taken));
    const bundle = { mcp_servers: [httpServer(fresh), httpServer(taken, { description: "Changed" })] };

    const overwrite = await postImport(bundle, "?dry_run=true&on_conflict=overwrite");
    expect(overwrite.status).toBe(200);
    expect(overwrite.body).toMatchObject({ dry_run: true, created: [{ name: fresh }], updated: [{ name: taken }] });

    const fail = await postImport(bundle, "?dry_run=true");
    expect(fail.status).toBe(422);
    expect(fail.body).toMatchObject({ dry_run: true, created: [] });

    expect(await statusOf(fresh)).toBe(404);
    expect((await api.get(`/api/mcp-servers/${taken}?raw=true`)).body.mcp_server.revision).toBe(1);
  });

  test("capabilities and agents of a native bundle import with its servers, in one transaction", async () => {
    const bundle = JSON.parse(fixture("native.json"));
    const suffix = uniqueName("bundle");
    bundle.mcp_servers[0].name = `context-store-${suffix}`;
    bundle.capabilities[0].name = `document-research-${suffix}`;
    bundle.capabilities[0].mcp_servers.docs.server = `context-store-${suffix}`;
    bundle.agents[0].name = `researcher-${suffix}`;
    bundle.agents[0].capabilities = [`document-research-${suffix}`];

    const dryRun = await postImport(bundle, "?dry_run=true");
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.created).toEqual([
      { name: `context-store-${suffix}` },
      { name: `document-research-${suffix}`, kind: "capability" },
      { name: `researcher-${suffix}`, kind: "agent" },
    ]);
    expect((await api.get(`/api/capabilities/${bundle.capabilities[0].name}`)).status).toBe(404);

    const imported = await postImport(bundle);
    expect(imported.status).toBe(200);
    expect(imported.body.created).toEqual(dryRun.body.created);
    const blueprint = await api.get(`/api/agents/${bundle.agents[0].name}?environment=development`);
    expect(blueprint.body.agent.mcp_servers.docs).toMatchObject({ type: "http", url: "http://localhost:8766/mcp/", headers: { "X-Namespace": "research-docs" } });
  });

  test("fail mode: a capability referencing an unknown server refuses the whole bundle", async () => {
    const server = uniqueName("kept-out");
    const bundle = {
      mcp_servers: [httpServer(server)],
      capabilities: [{ name: uniqueName("dangling"), description: "Refers to nothing", mcp_servers: ["no-such-server-anywhere"] }],
      agents: [],
    };
    const refused = await postImport(bundle);

    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ path: "/capabilities/0/mcp_servers/0", message: expect.stringContaining("no-such-server-anywhere") }]);
    expect(await statusOf(server)).toBe(404);
  });
});

describe("POST /api/import — formats", () => {
  test.each(DETECTED_FORMATS)("detects %s as %s", async (file, format) => {
    const response = await postImport(fixture(file), "?dry_run=true&on_conflict=skip");

    expect(response.status).toBe(200);
    expect(response.body.format).toBe(format);
    expect(response.body.created.length + response.body.skipped.length).toBeGreaterThan(0);
  });

  test("?format= reads the body as that format instead of detecting it", async () => {
    const response = await postImport(fixture("mcp-servers.json"), "?dry_run=true&on_conflict=skip&format=server-json");

    expect(response.status).toBe(200);
    expect(response.body.format).toBe("server-json");
    expect(response.body.created).toEqual([]);
    expect(response.body.errors.length).toBeGreaterThan(0);
  });

  test("a name outside the pattern is mapped, and the report lists the mapping", async () => {
    const source = `Linear Issues ${uniqueName("x")}`;
    const response = await postImport({ mcpServers: { [source]: { url: "https://mcp.linear.app/mcp" } } });
    const mapped = source.toLowerCase().replace(/ /g, "-");

    expect(response.status).toBe(200);
    expect(response.body.renamed).toEqual([{ from: source, to: mapped }]);
    expect((await api.get(`/api/mcp-servers/${mapped}?raw=true`)).body.mcp_server.description).toBe("Imported from mcp-servers");
  });

  test("400 naming the formats tried when the body is in no known format", async () => {
    const response = await postImport({ hello: "world" });

    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.body.detail).toContain("native, official, unified, mcp-json, mcp-registry, vscode, mcp-servers, server-json");
  });

  test.each([
    ["text that is not JSON", "{ nope", ""],
    ["an empty body", "", ""],
    ["an unknown ?format=", "{}", "?format=yaml"],
    ["an unknown ?on_conflict=", "{}", "?on_conflict=merge"],
  ])("400 for %s", async (_, body, query) => {
    const response = await api.request("POST", `/api/import${query}`, { rawBody: body });
    expect(response.status).toBe(400);
  });

  test("413 for a body over 32 MiB", async () => {
    const response = await api.request("POST", "/api/import", { rawBody: " ".repeat(32 * 1024 * 1024 + 1) });
    expect(response.status).toBe(413);
  });
});

describe("POST /api/import — secrets", () => {
  const withSecrets = (stdio: string, remote: string) => ({
    mcpServers: {
      [stdio]: { command: "npx", args: ["-y", "some-server"], env: { GITHUB_TOKEN: "ghp_literal123", LOG_LEVEL: "debug" } },
      [remote]: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer lin_abc" } },
    },
  });

  test("?secrets=placeholders turns literal secrets in env and headers into ${VAR} placeholders", async () => {
    const [stdio, remote] = [uniqueName("sec-stdio"), uniqueName("sec-remote")];
    const response = await postImport(withSecrets(stdio, remote), "?secrets=placeholders");
    expect(response.status).toBe(200);

    const prefix = (name: string) => name.toUpperCase().replace(/-/g, "_");
    // The report names what each server now needs a value for.
    expect(response.body.created).toEqual([
      { name: stdio, placeholders: [`${prefix(stdio)}_GITHUB_TOKEN`] },
      { name: remote, placeholders: [`${prefix(remote)}_AUTHORIZATION`] },
    ]);
    expect((await api.get(`/api/mcp-servers/${stdio}?raw=true`)).body.mcp_server.transport.env).toEqual({ GITHUB_TOKEN: `\${${prefix(stdio)}_GITHUB_TOKEN}`, LOG_LEVEL: "debug" });
    expect((await api.get(`/api/mcp-servers/${remote}?raw=true`)).body.mcp_server.transport.headers).toEqual({ Authorization: `Bearer \${${prefix(remote)}_AUTHORIZATION}` });
  });

  test("?secrets=placeholders turns a URL's password and secret-looking query values into ${VAR} placeholders", async () => {
    const name = uniqueName("sec-url");
    const prefix = name.toUpperCase().replace(/-/g, "_");
    const response = await postImport({ mcpServers: { [name]: { url: "https://bot:pw-123@mcp.example.com/mcp?api_key=k-9&region=eu" } } }, "?secrets=placeholders");
    expect(response.status).toBe(200);

    expect(response.body.created).toEqual([{ name, placeholders: [`${prefix}_URL_PASSWORD`, `${prefix}_URL_QUERY_API_KEY`] }]);
    const stored = (await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server.transport.url;
    expect(stored).toBe(`https://bot:\${${prefix}_URL_PASSWORD}@mcp.example.com/mcp?api_key=\${${prefix}_URL_QUERY_API_KEY}&region=eu`);
  });

  test("without it, literal secrets are stored as entered", async () => {
    const [stdio, remote] = [uniqueName("lit-stdio"), uniqueName("lit-remote")];
    expect((await postImport(withSecrets(stdio, remote))).status).toBe(200);

    expect((await api.get(`/api/mcp-servers/${stdio}?raw=true`)).body.mcp_server.transport.env.GITHUB_TOKEN).toBe("ghp_literal123");
  });
});

describe("roles of import, export and the official API", () => {
  test("the OpenAPI document lists them: import needs admin, export editor, /v0.1 viewer", async () => {
    const { body } = await api.get("/api/openapi.json");

    expect(body.paths["/api/import"].post["x-patchbay-role"]).toBe("admin");
    expect(Object.keys(body.paths["/api/import"].post.requestBody.content)).toEqual(["text/plain"]);
    expect(body.paths["/api/export"].get["x-patchbay-role"]).toBe("editor");
    expect(body.paths["/v0.1/servers"].get["x-patchbay-role"]).toBe("viewer");
    expect(body.paths["/v0.1/servers/{name}/versions/latest"].get["x-patchbay-role"]).toBe("viewer");
  });
});
