import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { agentBody, givenCapability, givenServer } from "../support/documents";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * The read model (issue 13): hot reads come from memory, yet no read after a write — on this instance, or
 * by another process on the same SQLite file — shows anything older; conditional GETs answer 304 while
 * nothing they depend on changed; a revoked token is refused on the very next request.
 */
const ADMIN_TOKEN = "pb_test_read_model_admin_0123456789";
const run = promisify(execFile);

let patchbay: PatchbayProcess;
let databaseUrl: string;
const admin = () => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
const as = (token: string) => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${token}` });

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl("read-model");
  patchbay = await startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false" } });
});

afterAll(async () => {
  await patchbay?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
});

async function mint(role: string) {
  const minted = await admin().post("/api/tokens", { name: uniqueName(`read-model-${role}`), role });
  expect(minted.status).toBe(201);
  return minted.body as { id: string; token: string };
}

/** A GET, then the same GET naming the tag it got: 304 with that tag and no body. */
async function expectNotModified(api: ReturnType<typeof apiClient>, path: string) {
  const first = await api.get(path);
  expect(first.status).toBe(200);
  const etag = first.headers.get("etag")!;
  expect(etag).toBeTruthy();
  expect(first.headers.get("vary")).toMatch(/Authorization/);

  const again = await api.get(path, { "If-None-Match": etag });
  expect(again.status).toBe(304);
  expect(again.headers.get("etag")).toBe(etag);
  expect(again.text).toBe("");
  return etag;
}

describe("conditional GET", () => {
  test("one server, resolved and raw: 304 on If-None-Match; a write changes both tags", async () => {
    const api = admin();
    const name = await givenServer(api, "etag-one");
    const resolvedPath = `/api/mcp-servers/${name}?environment=production`;
    const resolved = await expectNotModified(api, resolvedPath);
    const raw = await expectNotModified(api, `/api/mcp-servers/${name}?raw=true`);
    expect(resolved).toMatch(/^W\/"1-[A-Za-z0-9_-]+"$/);
    expect(raw).toBe('"1"');

    expect((await api.patch(`/api/mcp-servers/${name}`, { description: "changed" })).status).toBe(200);
    const after = await api.get(resolvedPath, { "If-None-Match": resolved });
    expect(after.status).toBe(200);
    expect(after.body.mcp_server.description).toBe("changed");
    expect(after.headers.get("etag")).toMatch(/^W\/"2-/);
    expect((await api.get(`/api/mcp-servers/${name}?raw=true`, { "If-None-Match": raw })).status).toBe(200);
  });

  test("the resolved tag follows the variables a server resolves from, and If-Match accepts it", async () => {
    const api = admin();
    const variable = `READ_MODEL_${uniqueName("v").slice(2, 10).toUpperCase().replace(/-/g, "_")}`;
    expect((await api.put(`/api/variables/${variable}`, { value: "http://127.0.0.1:7" })).status).toBe(201);
    const name = await givenServer(api, "etag-var", { transport: { type: "http", url: `\${${variable}}/mcp` } });
    const path = `/api/mcp-servers/${name}?environment=production`;
    const before = await expectNotModified(api, path);

    expect((await api.put(`/api/variables/${variable}`, { value: "http://127.0.0.1:8" })).status).toBe(200);
    const after = await api.get(path, { "If-None-Match": before });
    expect(after.status).toBe(200);
    expect(after.body.mcp_server.resolved_url).toBe("http://127.0.0.1:8/mcp");
    expect(after.headers.get("etag")).not.toBe(before);

    const patched = await api.patch(`/api/mcp-servers/${name}`, { description: "by weak tag" }, { "If-Match": after.headers.get("etag")! });
    expect(patched.status).toBe(200);
  });

  test("list pages: 304 on If-None-Match; a write to a listed server changes the tag", async () => {
    const api = admin();
    const tag = uniqueName("listtag");
    const name = await givenServer(api, "etag-list", { tags: [tag] });
    const path = `/api/mcp-servers?tags=${tag}`;
    const etag = await expectNotModified(api, path);

    expect((await api.patch(`/api/mcp-servers/${name}`, { description: "listed anew" })).status).toBe(200);
    const after = await api.get(path, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.body.mcp_servers.map((server: { description: string }) => server.description)).toEqual(["listed anew"]);
  });

  test("every other entity and list read: 304 while nothing changed, 200 with a new tag after a write it shows", async () => {
    const api = admin();
    const variable = `READ_MODEL_${uniqueName("w").slice(2, 10).toUpperCase().replace(/-/g, "_")}`;
    expect((await api.put(`/api/variables/${variable}`, { value: "one" })).status).toBe(201);
    const server = await givenServer(api, "etag-all", { transport: { type: "http", url: `http://127.0.0.1:9/\${${variable}}` } });
    const capability = await givenCapability(api, "etag-all", { mcp_servers: { docs: server } });
    const agent = uniqueName("etag-all");
    expect((await api.post("/api/agents", agentBody(agent, { capabilities: [capability] }))).status).toBe(201);

    // Each read, and a write that changes what it answers.
    const rows: [string, () => Promise<unknown>, status?: number][] = [
      [`/api/capabilities?search=${capability}`, () => api.patch(`/api/capabilities/${capability}`, { description: "list changed" })],
      [`/api/agents?search=${agent}`, () => api.patch(`/api/agents/${agent}`, { description: "list changed" })],
      [`/api/mcp-servers/${server}/revisions`, () => api.patch(`/api/mcp-servers/${server}`, { description: "revised" })],
      [`/api/capabilities/${capability}/revisions`, () => api.patch(`/api/capabilities/${capability}`, { description: "revised" })],
      [`/api/agents/${agent}/revisions`, () => api.patch(`/api/agents/${agent}`, { description: "revised" })],
      [`/v0.1/servers?search=${server}`, () => api.patch(`/api/mcp-servers/${server}`, { description: "seen by IDEs" })],
      [`/v0.1/servers/dev.patchbay%2F${server}/versions/latest`, () => api.patch(`/api/mcp-servers/${server}`, { version: "2.0.0" })],
      [`/api/mcp-servers/${server}/revisions/1`, () => api.delete(`/api/agents/${agent}?force=true`).then(() => api.delete(`/api/capabilities/${capability}?force=true`)).then(() => api.delete(`/api/mcp-servers/${server}?force=true`)), 404],
      [`/api/variables`, () => api.put(`/api/variables/${variable}`, { value: "two" })],
      [`/api/environments/production/variables`, () => api.put(`/api/variables/${variable}`, { value: "three" })],
    ];
    for (const [path, write, status = 200] of rows) {
      const etag = await expectNotModified(api, path);
      await write();
      const after = await api.get(path, { "If-None-Match": etag });
      expect(after.status, path).toBe(status);
      if (status === 200) expect(after.headers.get("etag"), path).not.toBe(etag);
    }
  });

  test("used-by and health: 304 while nothing changed; a new user or a new result is seen at once", async () => {
    const api = admin();
    const server = await givenServer(api, "etag-used");
    for (const path of [`/api/mcp-servers/${server}/used-by`, `/api/mcp-servers/${server}/health`]) await expectNotModified(api, path);
    const usedBy = (await api.get(`/api/mcp-servers/${server}/used-by`)).headers.get("etag")!;
    const health = (await api.get(`/api/mcp-servers/${server}/health`)).headers.get("etag")!;

    const capability = await givenCapability(api, "etag-used", { mcp_servers: { docs: server } });
    const used = await api.get(`/api/mcp-servers/${server}/used-by`, { "If-None-Match": usedBy });
    expect(used.status).toBe(200);
    expect(used.body.capabilities).toEqual([{ name: capability, alias: "docs" }]);
    await expectNotModified(api, `/api/capabilities/${capability}/used-by`);

    expect((await api.post(`/api/mcp-servers/${server}/health-check`)).status).toBe(200);
    const checked = await api.get(`/api/mcp-servers/${server}/health`, { "If-None-Match": health });
    expect(checked.status).toBe(200);
    expect(checked.body.history).toHaveLength(1);
  });

  test("list pages show a health result as soon as it is written", async () => {
    const api = admin();
    const name = await givenServer(api, "etag-health");
    const path = `/api/mcp-servers?search=${name}`;
    const before = await api.get(path);
    expect(before.body.mcp_servers[0].health.status).toBe("unknown");

    const checked = await api.post(`/api/mcp-servers/${name}/health-check`);
    expect(checked.status).toBe(200);
    const after = await api.get(path, { "If-None-Match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(after.body.mcp_servers[0].health.status).toBe(checked.body.status);
    expect(after.body.mcp_servers[0].health.status).not.toBe("unknown");
  });

  test("blueprints, GET and POST: 304 for the GET; a write to a server it uses changes both tags", async () => {
    const api = admin();
    const server = await givenServer(api, "etag-bp");
    const capability = await givenCapability(api, "etag-bp", { mcp_servers: { docs: server } });
    const agent = uniqueName("etag-bp");
    expect((await api.post("/api/agents", agentBody(agent, { capabilities: [capability] }))).status).toBe(201);

    const path = `/api/agents/${agent}?environment=production`;
    const etag = await expectNotModified(api, path);
    expect(etag).toMatch(/^W\/"1-/);
    const posted = await api.post(`/api/agents/${agent}/blueprint`, { environment: "production" });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("etag")).toBe(etag);

    expect((await api.patch(`/api/mcp-servers/${server}`, { transport: { type: "http", url: "http://127.0.0.1:3/moved" } })).status).toBe(200);
    const after = await api.get(path, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.body.agent.mcp_servers.docs.url).toBe("http://127.0.0.1:3/moved");
    const postedAfter = await api.post(`/api/agents/${agent}/blueprint`, { environment: "production" });
    expect(postedAfter.body.agent.mcp_servers.docs.url).toBe("http://127.0.0.1:3/moved");
    expect(postedAfter.headers.get("etag")).toBe(after.headers.get("etag"));
    expect(postedAfter.headers.get("etag")).not.toBe(etag);
  });

  test("the tag differs by what the caller may see: a viewer's copy never answers an admin's tag", async () => {
    const name = await givenServer(admin(), "etag-vis", { transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer literal-secret-value" } } });
    const reader = admin();
    const viewer = as((await mint("viewer")).token);
    const path = `/api/mcp-servers/${name}?environment=production`;

    // Outside blueprints only an admin reads literal secrets (DESIGN §7).
    const adminRead = await reader.get(path);
    const viewerRead = await viewer.get(path);
    expect(adminRead.body.mcp_server.transport.headers.Authorization).toBe("Bearer literal-secret-value");
    expect(viewerRead.body.mcp_server.transport.headers.Authorization).not.toContain("literal-secret-value");
    expect(viewerRead.headers.get("etag")).not.toBe(adminRead.headers.get("etag"));
    expect((await viewer.get(path, { "If-None-Match": adminRead.headers.get("etag")! })).status).toBe(200);
    expect((await viewer.get(`/api/mcp-servers/${name}?raw=true`)).headers.get("etag")).not.toBe((await reader.get(`/api/mcp-servers/${name}?raw=true`)).headers.get("etag"));
  });
});

describe("no stale revision", () => {
  test("write then read, 25 times: every read shows the revision just written (resolved, raw, list, validate)", async () => {
    const api = admin();
    const name = await givenServer(api, "no-stale");
    for (let revision = 2; revision <= 26; revision += 1) {
      const written = await api.put(`/api/mcp-servers/${name}`, httpServer(name, { description: `revision ${revision}` }));
      expect(written.body.mcp_server.revision).toBe(revision);

      const resolved = await api.get(`/api/mcp-servers/${name}?environment=production`);
      const raw = await api.get(`/api/mcp-servers/${name}?raw=true`);
      const listed = await api.get(`/api/mcp-servers?search=${name}`);
      const validated = await api.post(`/api/mcp-servers/${name}/validate`, { environment: "production" });
      expect(resolved.body.mcp_server.revision).toBe(revision);
      expect(raw.body.mcp_server.revision).toBe(revision);
      expect(listed.body.mcp_servers[0].description).toBe(`revision ${revision}`);
      expect(validated.body.resolved_config.url).toBe("http://127.0.0.1:9/mcp");
    }
  });

  test("a server deleted is gone from the next read, and its name free", async () => {
    const api = admin();
    const name = await givenServer(api, "no-stale-del");
    expect((await api.get(`/api/mcp-servers/${name}?environment=production`)).status).toBe(200);
    expect((await api.delete(`/api/mcp-servers/${name}`)).status).toBe(204);
    expect((await api.get(`/api/mcp-servers/${name}?environment=production`)).status).toBe(404);
    expect((await api.get(`/api/mcp-servers?search=${name}`)).body.mcp_servers).toEqual([]);
  });
});

describe("POST reads (validate, blueprint) from the read model", () => {
  /** A registry variable of its own, set to `value`; returns its name. */
  async function givenVariable(api: ReturnType<typeof apiClient>, value: string) {
    const variable = `READ_MODEL_${uniqueName("p").slice(2, 10).toUpperCase().replace(/-/g, "_")}`;
    expect((await api.put(`/api/variables/${variable}`, { value })).status).toBe(201);
    return variable;
  }

  test("a variable written between two identical POSTs changes the next answer, for validate and blueprint", async () => {
    const api = admin();
    const variable = await givenVariable(api, "http://127.0.0.1:7");
    const server = await givenServer(api, "post-var", { transport: { type: "http", url: `\${${variable}}/mcp` } });
    const capability = await givenCapability(api, "post-var", { mcp_servers: { docs: server } });
    const agent = uniqueName("post-var");
    expect((await api.post("/api/agents", agentBody(agent, { capabilities: [capability] }))).status).toBe(201);
    const validateBody = { environment: "production", parameters: {} };
    const blueprintBody = { environment: "production" };

    const validated = await api.post(`/api/mcp-servers/${server}/validate`, validateBody);
    const blueprint = await api.post(`/api/agents/${agent}/blueprint`, blueprintBody);
    expect(validated.body.resolved_config.url).toBe("http://127.0.0.1:7/mcp");
    expect(blueprint.body.agent.mcp_servers.docs.url).toBe("http://127.0.0.1:7/mcp");
    expect((await api.post(`/api/mcp-servers/${server}/validate`, validateBody)).headers.get("etag")).toBe(validated.headers.get("etag"));
    expect((await api.post(`/api/agents/${agent}/blueprint`, blueprintBody)).headers.get("etag")).toBe(blueprint.headers.get("etag"));

    expect((await api.put(`/api/variables/${variable}`, { value: "http://127.0.0.1:8" })).status).toBe(200);
    const validatedAfter = await api.post(`/api/mcp-servers/${server}/validate`, validateBody);
    const blueprintAfter = await api.post(`/api/agents/${agent}/blueprint`, blueprintBody);
    expect(validatedAfter.body.resolved_config.url).toBe("http://127.0.0.1:8/mcp");
    expect(blueprintAfter.body.agent.mcp_servers.docs.url).toBe("http://127.0.0.1:8/mcp");
    expect(validatedAfter.headers.get("etag")).not.toBe(validated.headers.get("etag"));
    expect(blueprintAfter.headers.get("etag")).not.toBe(blueprint.headers.get("etag"));
  });

  test("each body has its own answer; bodies differing only in key order share one", async () => {
    const api = admin();
    const name = await givenServer(api, "post-body", {
      transport: { type: "http", url: "http://127.0.0.1:9/{{ns}}" },
      parameters_schema: { type: "object", required: ["ns"], properties: { ns: { type: "string" } } },
    });
    const path = `/api/mcp-servers/${name}/validate`;

    const a = await api.post(path, { environment: "production", parameters: { ns: "alpha" } });
    const b = await api.post(path, { environment: "production", parameters: { ns: "beta" } });
    const reordered = await api.post(path, { parameters: { ns: "alpha" }, environment: "production" });
    expect(a.body.resolved_config.url).toBe("http://127.0.0.1:9/alpha");
    expect(b.body.resolved_config.url).toBe("http://127.0.0.1:9/beta");
    expect(reordered.body).toEqual(a.body);
    expect(reordered.headers.get("etag")).toBe(a.headers.get("etag"));
    expect(b.headers.get("etag")).not.toBe(a.headers.get("etag"));
  });

  test("masked and clear answers never cross: the same body by viewer, runner, admin, viewer, runner, admin", async () => {
    const api = admin();
    const server = await givenServer(api, "post-vis", { transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer literal-post-secret" } } });
    const capability = await givenCapability(api, "post-vis", { mcp_servers: { docs: server } });
    const agent = uniqueName("post-vis");
    expect((await api.post("/api/agents", agentBody(agent, { capabilities: [capability] }))).status).toBe(201);
    const runner = as((await mint("runner")).token);
    const viewer = as((await mint("viewer")).token);

    // DESIGN §7: a blueprint is clear to runner and admin; validate is no blueprint, so clear to admin alone.
    for (const caller of [viewer, runner, api, viewer, runner, api]) {
      const validated = await caller.post(`/api/mcp-servers/${server}/validate`, { environment: "production" });
      const blueprint = await caller.post(`/api/agents/${agent}/blueprint`, { environment: "production" });
      expect(validated.status).toBe(200);
      expect(blueprint.status).toBe(200);
      expect(validated.text.includes("literal-post-secret")).toBe(caller === api);
      expect(blueprint.text.includes("literal-post-secret")).toBe(caller !== viewer);
    }
    const tags = async (caller: typeof runner) => [
      (await caller.post(`/api/mcp-servers/${server}/validate`, { environment: "production" })).headers.get("etag"),
      (await caller.post(`/api/agents/${agent}/blueprint`, { environment: "production" })).headers.get("etag"),
    ];
    const [runnerTags, viewerTags, adminTags] = [await tags(runner), await tags(viewer), await tags(api)];
    expect(adminTags[0]).not.toBe(runnerTags[0]);
    expect(runnerTags[1]).not.toBe(viewerTags[1]);
  });
});

describe("tokens", () => {
  test("revoked through the API: refused on the next request", async () => {
    const { id, token } = await mint("runner");
    expect((await as(token).get("/api/mcp-servers")).status).toBe(200);
    expect((await as(token).get("/api/mcp-servers")).status).toBe(200);
    expect((await admin().delete(`/api/tokens/${id}`)).status).toBe(204);
    expect((await as(token).get("/api/mcp-servers")).status).toBe(401);
  });

  test("revoked by the CLI, another process on the same SQLite file: refused by the running server on the next request", { timeout: 120_000 }, async () => {
    const { id, token } = await mint("runner");
    expect((await as(token).get("/api/mcp-servers")).status).toBe(200);
    expect((await as(token).get("/api/mcp-servers")).status).toBe(200);

    const { stdout } = await run(process.execPath, ["--import", "tsx", "lib/cli/patchbay.ts", "token", "revoke", id], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    expect(stdout).toContain(`(id ${id})`);
    expect((await as(token).get("/api/mcp-servers")).status).toBe(401);
  });
});
