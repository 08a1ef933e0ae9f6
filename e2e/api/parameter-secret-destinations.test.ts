import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName, type ApiResponse } from "../support/api-client";
import { startEverythingHttp } from "../support/mcp-peers";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintRoleTokens, type TestRole } from "../support/roles";

/**
 * DESIGN §14 "Literal secrets stay where they were written", §7 (an editor may not read secrets), §10 (a secret is
 * bound to where it may be sent), for parameters someone chooses: a server `http://{{host}}/mcp` whose default host
 * is its real upstream, with a literal `Authorization` (or a `${VAR}` secret scoped to it). An editor who sends
 * parameters that move the origin — to Test, a tool call, or in a reference's `parameters`, or the server's own
 * `health_parameters` — is refused with 409 `secret-destination-changed` naming the keys, and the attacker's
 * listener is never even connected to. Parameters that keep the origin, and servers without secrets, keep working;
 * an admin (who may read the secrets) may send them anywhere.
 */
const ADMIN_TOKEN = "pb_param_destinations_admin_token_0123456789";
const group = uniqueName("param-dest");
const LITERAL = `SECRET-50-${group}`;
const SECRET = `SECRET-51-${group}`;
const VARIABLE = `SV_PH_${group.slice(-8).toUpperCase().replace(/-/g, "_")}`;

let patchbay: PatchbayProcess;
let tokens: Record<TestRole, string>;
let upstream: { url: string; stop: () => Promise<void> };
let attacker: Listener;
let adminChosen: Listener;
const as = (role: TestRole) => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${tokens[role]}` });
const admin = () => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
const upstreamHost = () => new URL(upstream.url).host;

type Listener = { host: string; connections: number; requests: http.IncomingHttpHeaders[]; stop: () => Promise<void> };

/** The attacker: a loopback HTTP listener that counts every TCP connection and records every request's headers. */
async function startListener(): Promise<Listener> {
  const requests: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.headers);
    request.resume();
    request.on("end", () => response.writeHead(500).end());
  });
  const listener = { host: "", connections: 0, requests, stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
  server.on("connection", () => { listener.connections += 1; });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  listener.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return listener;
}

const hostSchema = () => ({ type: "object", properties: { host: { type: "string", default: upstreamHost() } } });
const names = { literal: `${group}-literal`, variable: `${group}-variable`, tenant: `${group}-tenant`, query: `${group}-query`, plain: `${group}-plain` };

beforeAll(async () => {
  [patchbay, upstream, attacker, adminChosen] = await Promise.all([
    startPatchbay({ env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
      PATCHBAY_RATE_TESTS_PER_MIN: "10000", PATCHBAY_RATE_WRITES_PER_MIN: "10000",
    } }),
    startEverythingHttp(), startListener(), startListener(),
  ]);
  tokens = await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN);
  const secretVariable = await admin().put(`/api/variables/${VARIABLE}`, { secret: true, value: SECRET, scope: { servers: [names.variable] } });
  expect(secretVariable.status, secretVariable.text).toBe(201);
  const servers = [
    httpServer(names.literal, { transport: { type: "http", url: "http://{{host}}/mcp", headers: { Authorization: `Bearer ${LITERAL}` } }, parameters_schema: hostSchema(), provides: [`${group}-docs`] }),
    httpServer(names.variable, { transport: { type: "http", url: "http://{{host}}/mcp", headers: { Authorization: `Bearer \${${VARIABLE}}` } }, parameters_schema: hostSchema() }),
    httpServer(names.tenant, {
      transport: { type: "http", url: "http://{{tenant}}.mcp.example.com/mcp", headers: { Authorization: `Bearer ${LITERAL}` } },
      parameters_schema: { type: "object", properties: { tenant: { type: "string", default: "acme" } } },
    }),
    httpServer(names.query, {
      transport: { type: "http", url: `${upstream.url}?tenant={{tenant}}`, headers: { Authorization: `Bearer ${LITERAL}` } },
      parameters_schema: { type: "object", properties: { tenant: { type: "string", default: "acme" } } },
    }),
    httpServer(names.plain, {
      transport: { type: "http", url: "http://{{host}}/mcp", headers: { "X-Plain": "not a secret" } },
      parameters_schema: { type: "object", properties: { host: { type: "string", default: "127.0.0.1:9" } } },
    }),
  ];
  for (const server of servers) {
    const created = await admin().post("/api/mcp-servers", server);
    expect(created.status, created.text).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([patchbay?.stop(), upstream?.stop(), attacker?.stop(), adminChosen?.stop()]);
});

const expectRefused = (response: ApiResponse, keys: string[]) => {
  expect(response.status, response.text).toBe(409);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ type: expect.stringMatching(/secret-destination-changed$/), title: "Secret destination changed", status: 409, keys });
  expect(response.body.detail).toContain(keys.join(", "));
  expect(response.text).not.toContain(LITERAL);
  expect(response.text).not.toContain(SECRET);
};
const expectAttackerReachedNever = () => {
  expect(attacker.requests).toEqual([]);
  expect(attacker.connections).toBe(0);
};

describe("Test and tool calls with parameters the caller chose (DESIGN §14)", { timeout: 60_000 }, () => {
  test("the attack: an editor's Test with host = their listener → 409 naming headers.Authorization; the listener is never connected to (literal and secret variable)", async () => {
    for (const name of [names.literal, names.variable]) {
      expectRefused(await as("editor").post(`/api/mcp-servers/${name}/test`, { parameters: { host: attacker.host } }), ["headers.Authorization"]);
    }
    expectAttackerReachedNever();
  });

  test("the same through a re-check's body (DESIGN §3: {environment?, parameters?}) → 409, nothing connected", async () => {
    for (const name of [names.literal, names.variable]) {
      expectRefused(await as("editor").post(`/api/mcp-servers/${name}/health-check`, { parameters: { host: attacker.host } }), ["headers.Authorization"]);
    }
    expectAttackerReachedNever();
  });

  test("a tenant that rewrites the authority (tenant = '127.0.0.1:PORT/x?') is the same move", async () => {
    expectRefused(await as("editor").post(`/api/mcp-servers/${names.tenant}/test`, { parameters: { tenant: `${attacker.host}/x?` } }), ["headers.Authorization"]);
    expectAttackerReachedNever();
  });

  test("an editor's tool call with host = their listener → 409, nothing sent; without it the call reaches the real upstream", async () => {
    expectRefused(await as("editor").post(`/api/mcp-servers/${names.literal}/tools/echo/call`, { arguments: { message: "x" }, parameters: { host: attacker.host } }), ["headers.Authorization"]);
    expectRefused(await as("editor").post(`/api/mcp-servers/${names.variable}/tools/echo/call`, { arguments: { message: "x" }, parameters: { host: attacker.host } }), ["headers.Authorization"]);
    expectAttackerReachedNever();

    const called = await as("editor").post(`/api/mcp-servers/${names.literal}/tools/echo/call`, { arguments: { message: "hello" } });
    expect(called.status, called.text).toBe(200);
    expect(called.body).toMatchObject({ is_error: false, content: [{ type: "text", text: "Echo: hello" }] });
  });

  test("parameters that keep the origin work: the default host given explicitly, a query value, a server without secrets anywhere", async () => {
    const same = await as("editor").post(`/api/mcp-servers/${names.variable}/test`, { parameters: { host: upstreamHost() } });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toMatchObject({ status: "healthy", ok: true });
    const query = await as("editor").post(`/api/mcp-servers/${names.query}/test`, { parameters: { tenant: "other" } });
    expect(query.status, query.text).toBe(200);
    expect(query.body).toMatchObject({ status: "healthy", ok: true });
    const plain = await as("editor").post(`/api/mcp-servers/${names.plain}/test`, { parameters: { host: upstreamHost() } });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body).toMatchObject({ status: "healthy", ok: true });
    expectAttackerReachedNever();
  });

  test("/api/invoke and /api/v1/mcp/test, whose context fills parameters, are not an editor's: 403, nothing sent (a runner reads the secrets in blueprints anyway)", async () => {
    for (const path of ["/api/invoke", "/api/v1/mcp/test"]) {
      const invoked = await as("editor").post(path, { action: `${names.literal}.echo`, input: { message: "x" }, context: { host: attacker.host } });
      expect(invoked.status, invoked.text).toBe(403);
    }
    expectAttackerReachedNever();
  });

  test("an admin may read the secrets, so may send them elsewhere: the listener they chose receives the request", async () => {
    const tested = await admin().post(`/api/mcp-servers/${names.literal}/test`, { parameters: { host: adminChosen.host } });
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body).toMatchObject({ ok: false });
    expect(adminChosen.requests.map((headers) => headers.authorization)).toContain(`Bearer ${LITERAL}`);
  });
});

describe("parameters written into definitions (DESIGN §14)", { timeout: 60_000 }, () => {
  test("an editor's health_parameters pointing the server at their listener → 409; the re-check still probes the real upstream", async () => {
    const before = (await admin().get(`/api/mcp-servers/${names.literal}?raw=true`)).body.mcp_server;
    expectRefused(await as("editor").patch(`/api/mcp-servers/${names.literal}`, { health_parameters: { host: attacker.host } }), ["headers.Authorization"]);
    expectRefused(await as("editor").patch(`/api/mcp-servers/${names.literal}`, { parameters_schema: { type: "object", properties: { host: { type: "string", default: attacker.host } } } }), ["headers.Authorization"]);
    expect((await admin().get(`/api/mcp-servers/${names.literal}?raw=true`)).body.mcp_server).toEqual(before);

    const checked = await as("editor").post(`/api/mcp-servers/${names.literal}/health-check`, {});
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toMatchObject({ status: "healthy", ok: true });
    expectAttackerReachedNever();
  });

  test("the server-scoped secret variable does not follow an editor's health_parameters or URL either (409); an admin may move it", async () => {
    const path = `/api/mcp-servers/${names.variable}`;
    const before = (await admin().get(`${path}?raw=true`)).body.mcp_server;
    expectRefused(await as("editor").patch(path, { health_parameters: { host: attacker.host } }), ["headers.Authorization"]);
    expectRefused(await as("editor").patch(path, { transport: { url: `http://${attacker.host}/mcp` } }), ["headers.Authorization"]);
    expect((await admin().get(`${path}?raw=true`)).body.mcp_server).toEqual(before);
    const samePlace = await as("editor").patch(path, { transport: { url: `http://{{host}}/mcp?v=2` } });
    expect(samePlace.status, samePlace.text).toBe(200);

    const checked = await as("editor").post(`${path}/health-check`, {});
    expect(checked.body).toMatchObject({ status: "healthy", ok: true });
    expectAttackerReachedNever();

    const byAdmin = await admin().patch(path, { health_parameters: { host: adminChosen.host } });
    expect(byAdmin.status, byAdmin.text).toBe(200);
  });

  test("an editor's agent or capability whose reference parameters move a secret-bearing server → 409 naming mcp_servers.<alias>.<key>; nothing is written", async () => {
    const agent = `${group}-agent`;
    const moving = { docs: { server: names.literal, parameters: { host: attacker.host } }, vault: { server: names.variable, parameters: { host: attacker.host } } };
    expectRefused(await as("editor").post("/api/agents", { name: agent, description: "Routes elsewhere", mcp_servers: moving }),
      ["mcp_servers.docs.headers.Authorization", "mcp_servers.vault.headers.Authorization"]);
    expect((await admin().get(`/api/agents/${agent}`)).status).toBe(404);

    const capability = `${group}-cap`;
    const created = await as("editor").post("/api/capabilities", { name: capability, description: "Where the server is", mcp_servers: { docs: { server: names.literal, parameters: { host: upstreamHost() } } } });
    expect(created.status, created.text).toBe(201);
    expectRefused(await as("editor").patch(`/api/capabilities/${capability}`, { mcp_servers: { docs: { server: names.literal, parameters: { host: attacker.host } } } }), ["mcp_servers.docs.headers.Authorization"]);
    expect((await admin().get(`/api/capabilities/${capability}`)).body.capability.mcp_servers).toEqual({ docs: { server: names.literal, parameters: { host: upstreamHost() } } });

    // A {"provides": …} reference may be bound to the server that provides the label: the same move.
    expectRefused(await as("editor").post("/api/agents", { name: `${group}-provided`, description: "Bound by label", mcp_servers: { bound: { provides: `${group}-docs`, parameters: { host: attacker.host } } } }),
      ["mcp_servers.bound.headers.Authorization"]);

    // A server without secrets may be routed anywhere; an admin may route one with secrets.
    const plain = await as("editor").post("/api/agents", { name: `${group}-plain`, description: "No secrets", mcp_servers: { plain: { server: names.plain, parameters: { host: attacker.host } } } });
    expect(plain.status, plain.text).toBe(201);
    const byAdmin = await admin().post("/api/agents", { name: `${group}-admin`, description: "An admin's choice", mcp_servers: { docs: { server: names.literal, parameters: { host: adminChosen.host } } } });
    expect(byAdmin.status, byAdmin.text).toBe(201);
    expectAttackerReachedNever();
  });
});
