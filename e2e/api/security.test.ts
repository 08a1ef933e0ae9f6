import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { runPatchbayCli } from "../support/patchbay-cli";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";
import { mintRoleTokens, type TestRole } from "../support/roles";

const ADMIN_TOKEN = "pb_test_admin_token_0123456789";
const SECRET_LITERAL = "sk-live-literal-9f8e7d";
const SECRET_FROM_ENV = "env-secret-5a4b3c";

let patchbay: PatchbayProcess;
let tokens: Record<TestRole, string>;
const fixture = uniqueName("guarded");
const as = (role: TestRole | "anonymous", extra: Record<string, string> = {}) =>
  apiClient(patchbay.baseUrl, role === "anonymous" ? extra : { Authorization: `Bearer ${tokens[role]}`, ...extra });

beforeAll(async () => {
  patchbay = await startPatchbay({
    env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, TEST_SECRET_FROM_ENV: SECRET_FROM_ENV, PATCHBAY_ENV_ALLOW: "TEST_SECRET_*", PATCHBAY_RATE_WRITES_PER_MIN: "1000" },
  });
  tokens = await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN);
  const created = await as("editor").post("/api/mcp-servers", httpServer(fixture, {
    transport: {
      type: "http", url: "http://127.0.0.1:9/mcp",
      headers: { Authorization: `Bearer ${SECRET_LITERAL}`, "X-From-Env": "${TEST_SECRET_FROM_ENV}", "X-Team": "core" },
    },
  }));
  expect(created.status).toBe(201);
});

afterAll(async () => patchbay?.stop());

describe("credentials", () => {
  test("a bad bearer token → 401 with WWW-Authenticate, even on a route that exists", async () => {
    const response = await apiClient(patchbay.baseUrl, { Authorization: "Bearer pb_nope" }).get("/api/mcp-servers");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
  });
});

describe("tokens", () => {
  test("POST shows the token once; GET lists name, role, prefix and dates, never the token", async () => {
    const minted = await as("admin").post("/api/tokens", { name: "ci-runner", role: "runner" });
    expect(minted.status).toBe(201);
    expect(minted.body).toEqual({
      id: expect.any(String), name: "ci-runner", role: "runner", prefix: minted.body.token.slice(0, 9),
      token: expect.stringMatching(/^pb_/), created_at: expect.any(String), expires_at: null,
    });

    const listed = await as("admin").get("/api/tokens");
    expect(listed.text).not.toContain(minted.body.token);
    expect(listed.body.tokens).toContainEqual(expect.objectContaining({ id: minted.body.id, name: "ci-runner", role: "runner", last_used_at: null }));
  });

  test("revoking takes effect on the very next request", async () => {
    const minted = await as("admin").post("/api/tokens", { name: "short-lived", role: "viewer" });
    const client = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${minted.body.token}` });
    expect((await client.get("/api/mcp-servers?limit=1")).status).toBe(200);

    expect((await as("admin").delete(`/api/tokens/${minted.body.id}`)).status).toBe(204);
    expect((await client.get("/api/mcp-servers?limit=1")).status).toBe(401);
  });

  test("an expired token is refused", async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const minted = await as("admin").post("/api/tokens", { name: "expiring", role: "viewer", expires_at: soon });
    expect(minted.status).toBe(201);
    const expiring = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${minted.body.token}` });
    // Observable: the token's own requests start answering 401 once its expiry has passed.
    await waitUntil(async () => (await expiring.get("/api/mcp-servers")).status === 401, 60_000, "the expired token is refused");
  });

  test("every revision records the token's name as the actor; the audit log lists it", async () => {
    const name = uniqueName("audited");
    await as("editor").post("/api/mcp-servers", httpServer(name));
    const revisions = await as("viewer").get(`/api/mcp-servers/${name}/revisions`);
    expect(revisions.body.revisions[0].actor).toBe("test-editor");

    const audit = await as("viewer").get(`/api/audit?name=${name}`);
    expect(audit.body.entries).toEqual([expect.objectContaining({ entity_type: "server", name, action: "create", actor: "test-editor", revision: 1 })]);
  });
});

describe("dashboard sessions", () => {
  async function signIn(token: string) {
    const response = await apiClient(patchbay.baseUrl).post("/api/session", { token });
    return { response, cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] };
  }

  test("POST /api/session sets an HttpOnly SameSite=Lax cookie holding a session id, not the token; a bad token → 401", async () => {
    const { response, cookie } = await signIn(tokens.editor);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ name: "test-editor", role: "editor", auth: "on" });
    expect(response.headers.get("set-cookie")).toMatch(/patchbay_session=.+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain(tokens.editor);

    expect((await signIn("pb_wrong")).response.status).toBe(401);
  });

  test("a cookie-authenticated write from a foreign Origin → 403, from our own origin → allowed", async () => {
    const { cookie } = await signIn(tokens.editor);
    const name = uniqueName("csrf");
    const foreign = await apiClient(patchbay.baseUrl, { Cookie: cookie, Origin: "http://evil.example" }).post("/api/mcp-servers", httpServer(name));
    expect(foreign.status).toBe(403);
    const missing = await apiClient(patchbay.baseUrl, { Cookie: cookie }).post("/api/mcp-servers", httpServer(name));
    expect(missing.status).toBe(403);
    expect((await as("viewer").get(`/api/mcp-servers/${name}`)).status).toBe(404);

    const own = await apiClient(patchbay.baseUrl, { Cookie: cookie, Origin: patchbay.baseUrl }).post("/api/mcp-servers", httpServer(name));
    expect(own.status).toBe(201);
  });

  test("pages redirect to sign-in and come back; a session opens them", async () => {
    const response = await fetch(`${patchbay.baseUrl}/mcp-servers?tags=a`, { headers: { Accept: "text/html" }, redirect: "manual" });
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toMatch(/\/sign-in\?next=%2Fmcp-servers%3Ftags%3Da$/);

    const { cookie } = await signIn(tokens.viewer);
    const signedIn = await fetch(`${patchbay.baseUrl}/mcp-servers`, { headers: { Accept: "text/html", Cookie: cookie }, redirect: "manual" });
    expect(signedIn.status).toBe(200);
    expect((await fetch(`${patchbay.baseUrl}/sign-in`, { redirect: "manual" })).status).toBe(200);
  });

  test("DELETE /api/session clears the cookie", async () => {
    const response = await apiClient(patchbay.baseUrl).delete("/api/session");
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/patchbay_session=; .*Max-Age=0/);
  });
});

describe("secrets", () => {
  test("viewers and runners see neither literal secrets nor registry values outside blueprints; admins see literal ones", async () => {
    for (const path of [`/api/mcp-servers/${fixture}`, `/api/mcp-servers/${fixture}?raw=true`, `/api/mcp-servers/${fixture}/revisions/1`]) {
      const viewer = await as("viewer").get(path);
      expect(viewer.status).toBe(200);
      expect(viewer.text).not.toContain(SECRET_LITERAL);
      expect(viewer.text).not.toContain(SECRET_FROM_ENV);
    }
    const resolved = await as("viewer").get(`/api/mcp-servers/${fixture}`);
    expect(resolved.body.mcp_server.transport.headers).toEqual({ Authorization: "Bearer ••••", "X-From-Env": "••••", "X-Team": "core" });

    const runner = await as("runner").get(`/api/mcp-servers/${fixture}`);
    expect(runner.body.mcp_server.transport.headers).toEqual({ Authorization: "Bearer ••••", "X-From-Env": "••••", "X-Team": "core" });
    const admin = await as("admin").get(`/api/mcp-servers/${fixture}`);
    expect(admin.body.mcp_server.transport.headers.Authorization).toBe(`Bearer ${SECRET_LITERAL}`);
    expect(admin.text).not.toContain(SECRET_FROM_ENV);

    const validated = await as("viewer").post(`/api/mcp-servers/${fixture}/validate`, {});
    expect(validated.text).not.toContain(SECRET_LITERAL);
    expect(validated.body.warnings).toContainEqual({ path: "/transport/headers/Authorization", message: expect.stringContaining("literal secret") });
  });

  test("masked values sent back on update mean unchanged", async () => {
    const name = uniqueName("roundtrip");
    await as("editor").post("/api/mcp-servers", httpServer(name, {
      transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: `Bearer ${SECRET_LITERAL}` } },
    }));
    const seen = await as("viewer").get(`/api/mcp-servers/${name}?raw=true`);
    const { created_at: _c, modified_at: _m, revision: _r, ...definition } = seen.body.mcp_server;

    const put = await as("editor").put(`/api/mcp-servers/${name}`, { ...definition, description: "Edited by someone who never saw the secret" });
    expect(put.status).toBe(200);
    const stored = await as("admin").get(`/api/mcp-servers/${name}?raw=true`);
    expect(stored.body.mcp_server.transport.headers.Authorization).toBe(`Bearer ${SECRET_LITERAL}`);
  });

  test("no secret reaches the server's logs", () => {
    expect(patchbay.logs()).not.toContain(SECRET_LITERAL);
    expect(patchbay.logs()).not.toContain(SECRET_FROM_ENV);
    expect(patchbay.logs()).not.toContain(tokens.editor);
  });
});

describe("abuse limits and headers", () => {
  test("writes over the per-token limit → 429 with Retry-After; other tokens are unaffected", async () => {
    const limited = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_RATE_WRITES_PER_MIN: "5", PATCHBAY_SEED_DEMO: "false" } });
    try {
      const admin = apiClient(limited.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
      // Budgets are fixed one-minute windows shared through the database: 11 writes reach a 429 even when
      // they straddle a minute, and the first 5 always pass.
      const responses = [];
      for (let index = 0; index < 11 && responses.at(-1)?.status !== 429; index++) responses.push(await admin.post("/api/mcp-servers", httpServer(uniqueName("rl"))));
      expect(responses.slice(0, 5).map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
      const refused = responses.at(-1)!;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await admin.get("/api/mcp-servers")).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  test("security headers on API responses and pages", async () => {
    const api = await fetch(`${patchbay.baseUrl}/api/healthz`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("referrer-policy")).toBeTruthy();
    expect(api.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    const page = await fetch(`${patchbay.baseUrl}/sign-in`);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'.*frame-ancestors 'none'/);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("first start", () => {
  test("an empty database without PATCHBAY_ADMIN_TOKEN prints one admin token with the sign-in URL", async () => {
    const fresh = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_SEED_DEMO: "false" } });
    try {
      const printed = /(pb_[A-Za-z0-9_-]{20,})/.exec(fresh.logs())?.[1];
      expect(printed).toBeDefined();
      expect(fresh.logs()).toContain("/sign-in#token=");
      const admin = apiClient(fresh.baseUrl, { Authorization: `Bearer ${printed}` });
      expect((await admin.get("/api/tokens")).body.tokens).toEqual([expect.objectContaining({ name: "first admin", role: "admin" })]);

      const cli = await runPatchbayCli(["token", "create", "--role", "editor", "--name", "ops"], { DATABASE_URL: fresh.databaseUrl });
      expect(cli.status).toBe(0);
      const fromCli = /(pb_[A-Za-z0-9_-]{20,})/.exec(cli.stdout)?.[1];
      expect((await apiClient(fresh.baseUrl, { Authorization: `Bearer ${fromCli}` }).post("/api/mcp-servers", httpServer(uniqueName("cli")))).status).toBe(201);
    } finally {
      await fresh.stop();
    }
  });
});
