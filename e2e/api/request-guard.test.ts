import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { rawRequest } from "../support/raw-request";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintRoleTokens, type TestRole } from "../support/roles";

/**
 * DESIGN §14 "Request URLs" and "Hosts and origins": what a crafted `Host`, `Origin` or `X-Forwarded-For` can
 * no longer do. Each test is the attack a review showed working, sent as the attacker sent it.
 */
const ADMIN_TOKEN = "pb_guard_admin_token_0123456789abcdef";
let guarded: PatchbayProcess;
let open: PatchbayProcess;
let tokens: Record<TestRole, string>;
const bearer = (role: TestRole) => ({ Authorization: `Bearer ${tokens[role]}` });

beforeAll(async () => {
  [guarded, open] = await Promise.all([
    startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_PUBLIC_REGISTRY: "true", PATCHBAY_ALLOWED_HOSTS: "patchbay.internal" } }),
    startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false" } }),
  ]);
  tokens = await mintRoleTokens(guarded.baseUrl, ADMIN_TOKEN);
}, 120_000);

afterAll(async () => {
  await Promise.all([guarded?.stop(), open?.stop()]);
});

describe("request URLs: a crafted Host cannot rewrite the public registry", () => {
  test("GET /v0.1/…/latest with Host 'x/v0.1/servers/<other>/versions/latest#' → 400, and every later clean read answers its own server", async () => {
    const [memory, fetchServer] = [uniqueName("memory"), uniqueName("fetch")];
    const admin = apiClient(guarded.baseUrl, bearer("admin"));
    for (const name of [memory, fetchServer]) expect((await admin.post("/api/mcp-servers", httpServer(name))).status).toBe(201);

    const crafted = await rawRequest(guarded.baseUrl, `/v0.1/servers/${memory}/versions/latest`, { headers: { Host: `x/v0.1/servers/${fetchServer}/versions/latest#` } });
    expect(crafted.status).toBe(400);
    expect(crafted.body).toMatchObject({ status: 400, type: "https://patchbay.dev/problems/invalid-host" });

    for (const headers of [{}, bearer("viewer"), bearer("admin")]) {
      const clean = await apiClient(guarded.baseUrl, headers).get(`/v0.1/servers/${fetchServer}/versions/latest`);
      expect(clean.status).toBe(200);
      expect(clean.body.server.name).toContain(fetchServer);
      expect(clean.text).not.toContain(memory);
    }
  });

  test("a Host that is not host[:port] → 400 on every kind of route; a well-formed one is answered", async () => {
    for (const host of ["a b", "x/y", "x#y", "x?y", "x@y", "[::1", "x:port", "x:123456", "x,y"]) {
      for (const path of ["/api/healthz", "/v0.1/servers", "/mcp-servers", "/mcp/agents/x", "/sign-in"]) {
        const response = await rawRequest(guarded.baseUrl, path, { headers: { Host: host } });
        expect([host, path, response.status]).toEqual([host, path, 400]);
      }
    }
    for (const host of [`127.0.0.1:${guarded.port}`, `localhost:${guarded.port}`, "localhost", `[::1]:${guarded.port}`, "patchbay.internal:8443", "Patchbay.Internal"]) {
      expect([host, (await rawRequest(guarded.baseUrl, "/api/healthz", { headers: { Host: host } })).status]).toEqual([host, 200]);
    }
  });

  test("handlers see the vouched-for origin: a sign-in redirect never points at a host the client made up", async () => {
    const response = await rawRequest(guarded.baseUrl, "/mcp-servers", { headers: { Host: "localhost", Accept: "text/html" } });
    expect(response.status).toBe(307);
    expect(response.headers.location).toMatch(/^(\/|http:\/\/localhost\/)sign-in\?next=%2Fmcp-servers$/);
  });
});

describe("hosts and origins: DNS rebinding and cross-site writes", () => {
  test("on loopback, a Host that is no loopback name, no PATCHBAY_PUBLIC_URL host and not in PATCHBAY_ALLOWED_HOSTS → 421, even with a valid token", async () => {
    const rebound = await rawRequest(guarded.baseUrl, "/api/agents", { headers: { Host: "rebind.evil.example", ...bearer("admin") } });
    expect(rebound.status).toBe(421);
    expect(rebound.body).toMatchObject({ status: 421, type: "https://patchbay.dev/problems/misdirected-request" });
    expect(rebound.body.detail).toContain("PATCHBAY_ALLOWED_HOSTS");
    expect((await rawRequest(guarded.baseUrl, "/api/agents", { headers: { Host: "patchbay.internal", ...bearer("admin") } })).status).toBe(200);
  });

  test("PATCHBAY_AUTH=off: Host rebind.evil.example reading agents → 421", async () => {
    const rebound = await rawRequest(open.baseUrl, "/api/agents", { headers: { Host: "rebind.evil.example" } });
    expect(rebound.status).toBe(421);
    const page = await rawRequest(open.baseUrl, "/mcp-servers", { headers: { Host: "rebind.evil.example", Accept: "text/html" } });
    expect(page.status).toBe(421);
    expect((await rawRequest(open.baseUrl, "/api/agents", { headers: { Host: `localhost:${open.port}` } })).status).toBe(200);
  });

  test("PATCHBAY_AUTH=off: a text/plain POST with Origin https://evil.example → 403 and nothing is created", async () => {
    const name = uniqueName("csrf");
    const body = JSON.stringify(httpServer(name));
    const forged = await rawRequest(open.baseUrl, "/api/mcp-servers", { method: "POST", body, headers: { "Content-Type": "text/plain", Origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    const jsonButForeign = await rawRequest(open.baseUrl, "/api/mcp-servers", { method: "POST", body, headers: { "Content-Type": "application/json", Origin: "https://evil.example" } });
    expect(jsonButForeign.status).toBe(403);
    const nullOrigin = await rawRequest(open.baseUrl, "/api/mcp-servers", { method: "POST", body, headers: { "Content-Type": "application/json", Origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    expect((await apiClient(open.baseUrl).get(`/api/mcp-servers/${name}`)).status).toBe(404);

    const own = await rawRequest(open.baseUrl, "/api/mcp-servers", { method: "POST", body, headers: { "Content-Type": "application/json", Origin: open.baseUrl } });
    expect(own.status).toBe(201);
  });

  test("PATCHBAY_AUTH=off: a write without a JSON Content-Type → 415, with any JSON media type → accepted; the gateway too", async () => {
    const name = uniqueName("form");
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""]) {
      const headers: Record<string, string> = type ? { "Content-Type": type } : {};
      const refused = await rawRequest(open.baseUrl, "/api/mcp-servers", { method: "POST", body: JSON.stringify(httpServer(name)), headers });
      expect([type, refused.status]).toEqual([type, 415]);
    }
    const gateway = await rawRequest(open.baseUrl, "/mcp/agents/any", { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), headers: { "Content-Type": "text/plain" } });
    expect(gateway.status).toBe(415);
    expect((await apiClient(open.baseUrl).get(`/api/mcp-servers/${name}`)).status).toBe(404);

    const created = await rawRequest(open.baseUrl, "/api/mcp-servers", { method: "POST", body: JSON.stringify(httpServer(name)), headers: { "Content-Type": "application/json; charset=utf-8" } });
    expect(created.status).toBe(201);
    const patched = await rawRequest(open.baseUrl, `/api/mcp-servers/${name}`, { method: "PATCH", body: JSON.stringify({ description: "patched" }), headers: { "Content-Type": "application/merge-patch+json" } });
    expect(patched.status).toBe(200);
  });

  test("with authentication on: a cookie session must send JSON (415), a bearer caller may omit the type as before", async () => {
    const session = await apiClient(guarded.baseUrl).post("/api/session", { token: tokens.editor });
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0];
    const name = uniqueName("cookie-form");
    const body = JSON.stringify(httpServer(name));
    const form = await rawRequest(guarded.baseUrl, "/api/mcp-servers", { method: "POST", body, headers: { Cookie: cookie, Origin: guarded.baseUrl, "Content-Type": "text/plain" } });
    expect(form.status).toBe(415);
    expect((await apiClient(guarded.baseUrl, bearer("viewer")).get(`/api/mcp-servers/${name}`)).status).toBe(404);

    const scripted = await rawRequest(guarded.baseUrl, "/api/mcp-servers", { method: "POST", body, headers: { ...bearer("editor"), "Content-Type": "text/plain" } });
    expect(scripted.status).toBe(201);
  });

  test("PATCHBAY_AUTH=off listens on 127.0.0.1 when HOST does not say otherwise", async () => {
    const local = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false" }, hostArgument: null });
    try {
      expect(local.logs()).toContain(`listening on http://127.0.0.1:${local.port}`);
    } finally {
      await local.stop();
    }
  });
});

describe("client addresses: X-Forwarded-For is believed only from PATCHBAY_TRUSTED_PROXIES", () => {
  /**
   * Failed sign-ins until the throttle answers 429, at most `attempts`; the statuses seen. The throttle counts in
   * fixed one-minute windows, so a run that straddles a minute boundary may need up to twice the limit.
   */
  async function failedSignIns(baseUrl: string, attempts: number, forwardedFor: (attempt: number) => string) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < attempts && !statuses.includes(429); attempt++) {
      const response = await rawRequest(baseUrl, "/api/session", {
        method: "POST", body: JSON.stringify({ token: "pb_wrong_guess" }), headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor(attempt) },
      });
      statuses.push(response.status);
    }
    return statuses;
  }
  const LIMIT = 30; // failed authentications per address and minute (lib/auth/failed-auth-throttle.ts)

  test("a client-chosen X-Forwarded-For does not pick its own sign-in throttle bucket", async () => {
    const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_SEED_DEMO: "false" } });
    try {
      const statuses = await failedSignIns(patchbay.baseUrl, 3 * LIMIT, (attempt) => `203.0.113.${attempt}`);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
      expect(statuses.length - 1).toBeGreaterThanOrEqual(LIMIT);
      expect(statuses.length - 1).toBeLessThanOrEqual(2 * LIMIT);
    } finally {
      await patchbay.stop();
    }
  });

  test("behind a trusted proxy, the client it names is the address (and a spoofed entry further left is ignored)", async () => {
    const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_SEED_DEMO: "false", PATCHBAY_TRUSTED_PROXIES: "127.0.0.0/8" } });
    try {
      const spread = await failedSignIns(patchbay.baseUrl, 2 * LIMIT + 1, (attempt) => `198.51.100.7, 203.0.113.${attempt}`);
      expect(spread).toEqual(Array(2 * LIMIT + 1).fill(401));
      const one = await failedSignIns(patchbay.baseUrl, 3 * LIMIT, (attempt) => `198.51.100.${attempt}, 203.0.113.200`);
      expect(one.at(-1)).toBe(429);
      expect(one.length - 1).toBeLessThanOrEqual(2 * LIMIT);
    } finally {
      await patchbay.stop();
    }
  });
});
