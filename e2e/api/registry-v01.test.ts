import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { officialSpecValidators } from "../support/official-spec";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintRoleTokens } from "../support/roles";

const ADMIN_TOKEN = "pb_registry_admin_token_0123456789";
const IDE_ORIGIN = "http://127.0.0.1:5999";
const spec = officialSpecValidators();
const group = uniqueName("v01");
const names = { versioned: `${group}-versioned`, bare: `${group}-bare`, templated: `${group}-templated` };
const LONG_DESCRIPTION = `Searchable lighthouse keeper ${"of many words ".repeat(12)}and the end.`;

let open: PatchbayProcess;
let closed: PatchbayProcess;
let anonymous: ReturnType<typeof apiClient>;
let viewerOfClosed: ReturnType<typeof apiClient>;

/** Every /v0.1 body these tests read goes through here: validated against the official documents. */
function expectOfficial(body: unknown, component: "ServerList" | "ServerResponse") {
  expect(spec.validate(body, component)).toEqual([]);
}

beforeAll(async () => {
  const env = { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false" };
  [open, closed] = await Promise.all([
    startPatchbay({ env: { ...env, PATCHBAY_PUBLIC_REGISTRY: "true" } }),
    startPatchbay({ env: { ...env, PATCHBAY_CORS_ORIGINS: IDE_ORIGIN } }),
  ]);
  anonymous = apiClient(open.baseUrl);
  const admin = apiClient(open.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  expect((await admin.post("/api/mcp-servers", httpServer(names.versioned, { version: "1.0.0", tags: [group] }))).status).toBe(201);
  expect((await admin.patch(`/api/mcp-servers/${names.versioned}`, { version: "1.1.0" })).status).toBe(200);
  expect((await admin.patch(`/api/mcp-servers/${names.versioned}`, { description: "Second edit of 1.1.0" })).status).toBe(200);
  const { version: _version, ...bare } = httpServer(names.bare, { description: LONG_DESCRIPTION, tags: [group] });
  expect((await admin.post("/api/mcp-servers", bare)).status).toBe(201);
  const templated = httpServer(names.templated, {
    tags: [group],
    transport: { type: "http", url: "https://{{region}}.example.com/mcp", headers: { Authorization: "Bearer ${TEMPLATED_TOKEN}", "X-Api-Key": "literal-secret-value" } },
    parameters_schema: { type: "object", properties: { region: { type: "string", enum: ["eu", "us"], default: "eu" } }, required: ["region"] },
    environments: { staging: { url: "https://{{region}}.staging.example.com/mcp" } },
  });
  expect((await admin.post("/api/mcp-servers", templated)).status).toBe(201);

  const closedAdmin = apiClient(closed.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  expect((await closedAdmin.post("/api/mcp-servers", httpServer(names.versioned, { tags: [group] }))).status).toBe(201);
  viewerOfClosed = apiClient(closed.baseUrl, { Authorization: `Bearer ${(await mintRoleTokens(closed.baseUrl, ADMIN_TOKEN)).viewer}` });
}, 60_000);

afterAll(async () => {
  console.info(`[official schema validations] ${JSON.stringify(spec.counts)}`);
  await Promise.all([open?.stop(), closed?.stop()]);
});

describe("/v0.1 with PATCHBAY_PUBLIC_REGISTRY=true", () => {
  test("anonymous list: official shape, CORS for any origin, ETag and max-age=30, 304 on If-None-Match", async () => {
    const list = await anonymous.get(`/v0.1/servers?search=${group}`, { Origin: IDE_ORIGIN });
    expect(list.status).toBe(200);
    expectOfficial(list.body, "ServerList");
    expect(list.body.servers.map((entry: { server: { name: string } }) => entry.server.name).sort())
      .toEqual(Object.values(names).map((name) => `dev.patchbay/${name}`).sort());
    expect(list.headers.get("access-control-allow-origin")).toBe("*");
    expect(list.headers.get("cache-control")).toBe("max-age=30");
    const etag = list.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await fetch(`${open.baseUrl}/v0.1/servers?search=${group}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  test("search matches the description as well as the name", async () => {
    const found = await anonymous.get("/v0.1/servers?search=LIGHTHOUSE%20keeper");
    expectOfficial(found.body, "ServerList");
    expect(found.body.servers.map((entry: { server: { name: string } }) => entry.server.name)).toEqual([`dev.patchbay/${names.bare}`]);
  });

  test("versions: the distinct versions across revisions, newest first, the current one isLatest", async () => {
    const encoded = encodeURIComponent(`dev.patchbay/${names.versioned}`);
    const versions = await anonymous.get(`/v0.1/servers/${encoded}/versions`);
    expect(versions.status).toBe(200);
    expectOfficial(versions.body, "ServerList");
    const summary = versions.body.servers.map((entry: any) => [entry.server.version, entry._meta["io.modelcontextprotocol.registry/official"].isLatest]);
    expect(summary).toEqual([["1.1.0", true], ["1.0.0", false]]);
    expect(versions.body.servers[0].server.description).toBe("Second edit of 1.1.0");

    const old = await anonymous.get(`/v0.1/servers/${encoded}/versions/1.0.0`);
    expectOfficial(old.body, "ServerResponse");
    expect(old.body.server).toMatchObject({ version: "1.0.0", description: `Test server ${names.versioned}` });
    expect(old.body._meta["io.modelcontextprotocol.registry/official"].isLatest).toBe(false);

    const latest = await anonymous.get(`/v0.1/servers/${encoded}/versions/latest`);
    expectOfficial(latest.body, "ServerResponse");
    expect(latest.body.server.version).toBe("1.1.0");
    const exact = await anonymous.get(`/v0.1/servers/${encoded}/versions/1.1.0`);
    expectOfficial(exact.body, "ServerResponse");
    // The same server.json; publishedAt differs on purpose: the server's creation there, 1.1.0's first revision here.
    expect(exact.body.server).toEqual(latest.body.server);
    expect(exact.body._meta["io.modelcontextprotocol.registry/official"].isLatest).toBe(true);

    const missing = await anonymous.get(`/v0.1/servers/${encoded}/versions/9.9.9`, { Origin: IDE_ORIGIN });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("the server.json mapping: 100-character description, 0.0.0 without a version, {param} and {VAR} variables, secrets masked", async () => {
    const bare = await anonymous.get(`/v0.1/servers/${names.bare}/versions/latest`);
    expectOfficial(bare.body, "ServerResponse");
    expect(bare.body.server.version).toBe("0.0.0");
    const cut: string = bare.body.server.description;
    expect(Array.from(cut).length).toBeLessThanOrEqual(100);
    expect(cut.endsWith("…") && LONG_DESCRIPTION.startsWith(cut.slice(0, -1))).toBe(true);
    expect(bare.body.server._meta["io.modelcontextprotocol.registry/publisher-provided"]["dev.patchbay"].description).toBe(LONG_DESCRIPTION);
    const bareVersions = await anonymous.get(`/v0.1/servers/${names.bare}/versions`);
    expectOfficial(bareVersions.body, "ServerList");
    expect(bareVersions.body.servers.map((entry: any) => entry.server.version)).toEqual(["0.0.0"]);

    const templated = await anonymous.get(`/v0.1/servers/${names.templated}/versions/latest`);
    expectOfficial(templated.body, "ServerResponse");
    const [remote] = templated.body.server.remotes;
    expect(remote.url).toBe("https://{region}.example.com/mcp");
    expect(remote.variables.region).toMatchObject({ isRequired: true, default: "eu", choices: ["eu", "us"] });
    const authorization = remote.headers.find((header: { name: string }) => header.name === "Authorization");
    expect(authorization).toMatchObject({ value: "Bearer {TEMPLATED_TOKEN}", isSecret: true });
    expect(JSON.stringify(templated.body)).not.toContain("literal-secret-value");
  });

  test("the dev.patchbay environments extension: each environment resolved as GET /api/mcp-servers/{name}?environment= resolves it, with its health", async () => {
    const response = await anonymous.get(`/v0.1/x/dev.patchbay/servers/${names.templated}/environments`, { Origin: IDE_ORIGIN });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.body).toEqual({
      name: `dev.patchbay/${names.templated}`,
      environments: [
        { name: "development", is_default: true, transport_type: "http", url: "https://{{region}}.example.com/mcp", health: { status: "unknown", checked_at: null, era: null } },
        { name: "staging", is_default: false, transport_type: "http", url: "https://{{region}}.staging.example.com/mcp", health: { status: "unknown", checked_at: null, era: null } },
      ],
    });
  });

  test("a preflight from another origin may send Authorization and Content-Type", async () => {
    const response = await fetch(`${open.baseUrl}/v0.1/servers`, {
      method: "OPTIONS",
      headers: { Origin: IDE_ORIGIN, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization,content-type" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type, If-None-Match");
  });

  test("the rest of the API stays closed to anonymous callers", async () => {
    expect((await anonymous.get("/api/mcp-servers")).status).toBe(401);
  });
});

describe("/v0.1 without PATCHBAY_PUBLIC_REGISTRY, PATCHBAY_CORS_ORIGINS set", () => {
  test("anonymous: 401 problem+json the listed origin can read; a viewer token reads", async () => {
    const refused = await fetch(`${closed.baseUrl}/v0.1/servers`, { headers: { Origin: IDE_ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(refused.headers.get("access-control-allow-origin")).toBe(IDE_ORIGIN);
    expect(refused.headers.get("vary")).toContain("Origin");

    const read = await viewerOfClosed.get("/v0.1/servers", { Origin: IDE_ORIGIN });
    expect(read.status).toBe(200);
    expectOfficial(read.body, "ServerList");
    expect(read.headers.get("access-control-allow-origin")).toBe(IDE_ORIGIN);
  });

  test("an origin not listed gets no Access-Control-Allow-Origin, on a preflight either", async () => {
    const other = await viewerOfClosed.get("/v0.1/servers", { Origin: "http://127.0.0.1:6001" });
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${closed.baseUrl}/v0.1/servers`, {
      method: "OPTIONS", headers: { Origin: "http://127.0.0.1:6001", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
  });
});
