import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName, type ApiResponse } from "../support/api-client";
import { openEventStream } from "../support/event-stream-client";
import { waitUntil } from "../support/wait-until";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/** Dashboard sessions (DESIGN §7): opaque ids, ended at sign-out and revocation, expiring; a guarded sign-in; the audit log. */
const ADMIN_TOKEN = "pb_test_sessions_admin_0123456789";
const GENEROUS_MS = 30_000;

let patchbay: PatchbayProcess;
let databaseUrl: string;
const admin = () => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl("sessions");
  // As behind a reverse proxy on this machine: the tests name client addresses with X-Forwarded-For, which is
  // believed only from PATCHBAY_TRUSTED_PROXIES (DESIGN §14; e2e/api/request-guard.test.ts shows the rest).
  patchbay = await startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_TRUSTED_PROXIES: "127.0.0.0/8" } });
});

afterAll(async () => {
  await patchbay?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
});

/** Each test signs in from its own client address, so the per-address throttle of one never limits another. */
/** A client address no other test uses: an IPv6 address of the documentation prefix (the guard believes only addresses). */
function freshAddress(): string {
  const [a, b, c] = randomUUID().split("-");
  return `2001:db8:${a.slice(0, 4)}:${a.slice(4)}:${b}:${c}::1`;
}

async function mint(role = "editor") {
  const minted = await admin().post("/api/tokens", { name: uniqueName(`session-${role}`), role });
  expect(minted.status).toBe(201);
  return minted.body as { id: string; name: string; token: string };
}

async function signIn(token: string, headers: Record<string, string> = {}) {
  const response = await apiClient(patchbay.baseUrl, { "X-Forwarded-For": freshAddress(), ...headers }).post("/api/session", { token });
  const setCookie = response.headers.get("set-cookie") ?? "";
  return { response, setCookie, cookie: setCookie.split(";")[0], sessionId: setCookie.split(";")[0].split("=").slice(1).join("=") };
}

const withCookie = (cookie: string, headers: Record<string, string> = {}) => apiClient(patchbay.baseUrl, { Cookie: cookie, ...headers });

/** Settles when `promise` does, or fails the test after `ms` (a generous bound, not a timing claim). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls `probe` until it answers `status` (the condition is observable; the bound is only a safety net). */
async function waitForStatus(probe: () => Promise<ApiResponse>, status: number, timeoutMs = GENEROUS_MS): Promise<void> {
  await waitUntil(async () => (await probe()).status === status, timeoutMs, `the probe answers ${status}`);
}

describe("the session cookie", () => {
  test("POST /api/session — the cookie holds an opaque session id, not the token, and the token appears nowhere in the response", async () => {
    const { token } = await mint("viewer");
    const { response, setCookie, sessionId } = await signIn(token);

    expect(response.status).toBe(200);
    expect(setCookie).toMatch(/^patchbay_session=[A-Za-z0-9_-]{32,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);
    expect(sessionId).not.toBe(token);
    expect(sessionId).not.toContain(token);
    expect(setCookie).not.toContain(token);
    expect(response.text).not.toContain(token);
    for (const [, value] of response.headers) expect(value).not.toContain(token);
  });

  test("a session opens the API and pages; two sign-ins give two different sessions", async () => {
    const { token, name } = await mint("viewer");
    const first = await signIn(token);
    const second = await signIn(token);
    expect(first.sessionId).not.toBe(second.sessionId);

    const me = await withCookie(first.cookie).get("/api/session");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ name, role: "viewer", auth: "on" });
    const page = await fetch(`${patchbay.baseUrl}/mcp-servers`, { headers: { Accept: "text/html", Cookie: second.cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
  });

  test("a made-up session id opens nothing", async () => {
    expect((await withCookie("patchbay_session=not-a-session").get("/api/session")).status).toBe(401);
    const page = await fetch(`${patchbay.baseUrl}/mcp-servers`, { headers: { Accept: "text/html", Cookie: "patchbay_session=not-a-session" }, redirect: "manual" });
    expect(page.status).toBe(307);
  });

  test("the token itself in the cookie is no session", async () => {
    const { token } = await mint("viewer");
    expect((await withCookie(`patchbay_session=${token}`).get("/api/session")).status).toBe(401);
  });
});

describe("ending sessions", () => {
  test("DELETE /api/session — ends the session at once: the same cookie is refused on the next request, and its event stream ends", async () => {
    const { token } = await mint("viewer");
    const { cookie } = await signIn(token);
    const other = await signIn(token);
    const stream = await openEventStream(`${patchbay.baseUrl}/api/health/events`, { Cookie: cookie });
    expect(stream.status).toBe(200);

    const signedOut = await withCookie(cookie, { Origin: patchbay.baseUrl }).delete("/api/session");
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.get("set-cookie")).toMatch(/patchbay_session=; .*Max-Age=0/);

    expect((await withCookie(cookie).get("/api/session")).status).toBe(401);
    const page = await fetch(`${patchbay.baseUrl}/mcp-servers`, { headers: { Accept: "text/html", Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(307);
    await within(stream.ended, GENEROUS_MS, "the signed-out session's event stream ending");
    // Only that session ended: the token's other session goes on.
    expect((await withCookie(other.cookie).get("/api/session")).status).toBe(200);
  });

  test("DELETE /api/tokens/:id — ends the token's live sessions and its open event streams (cookie and bearer) at once", async () => {
    const { token, id } = await mint("viewer");
    const { cookie } = await signIn(token);
    expect((await withCookie(cookie).get("/api/session")).status).toBe(200);
    const byCookie = await openEventStream(`${patchbay.baseUrl}/api/health/events`, { Cookie: cookie });
    const byBearer = await openEventStream(`${patchbay.baseUrl}/api/health/events`, { Authorization: `Bearer ${token}` });
    expect([byCookie.status, byBearer.status]).toEqual([200, 200]);

    expect((await admin().delete(`/api/tokens/${id}`)).status).toBe(204);

    expect((await withCookie(cookie).get("/api/session")).status).toBe(401);
    await within(Promise.all([byCookie.ended, byBearer.ended]), GENEROUS_MS, "both event streams ending after revocation");
    expect((await signIn(token)).response.status).toBe(401);
  });

  test("a session expires after PATCHBAY_SESSION_HOURS (a fraction of an hour here)", async () => {
    const short = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_SESSION_HOURS: "0.0005" } });
    try {
      const response = await apiClient(short.baseUrl).post("/api/session", { token: ADMIN_TOKEN });
      expect(response.status).toBe(200);
      const setCookie = response.headers.get("set-cookie") ?? "";
      expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeLessThanOrEqual(2);

      const cookie = setCookie.split(";")[0];
      // Expired on the server, whatever the browser does with Max-Age: the same cookie stops working.
      await waitForStatus(() => apiClient(short.baseUrl, { Cookie: cookie }).get("/api/session"), 401);
    } finally {
      await short.stop();
    }
  });
});

describe("POST /api/session is guarded", () => {
  test("415 for a form-encoded body, even with a valid token", async () => {
    const response = await apiClient(patchbay.baseUrl, { "X-Forwarded-For": freshAddress() }).request("POST", "/api/session", {
      rawBody: `token=${encodeURIComponent(ADMIN_TOKEN)}`, headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.headers.get("set-cookie")).toBeNull();

    const plain = await apiClient(patchbay.baseUrl, { "X-Forwarded-For": freshAddress() }).request("POST", "/api/session", {
      rawBody: JSON.stringify({ token: ADMIN_TOKEN }), headers: { "Content-Type": "text/plain" },
    });
    expect(plain.status).toBe(415);
  });

  test("403 for a foreign Origin; the site's own Origin, or none, signs in", async () => {
    const foreign = await signIn(ADMIN_TOKEN, { Origin: "http://evil.example" });
    expect(foreign.response.status).toBe(403);
    expect(foreign.setCookie).toBe("");
    expect((await signIn(ADMIN_TOKEN, { Origin: patchbay.baseUrl })).response.status).toBe(200);
    expect((await signIn(ADMIN_TOKEN)).response.status).toBe(200);
  });

  test("429 with Retry-After after too many failed attempts from one address; another address is unaffected", async () => {
    const address = freshAddress();
    const client = apiClient(patchbay.baseUrl, { "X-Forwarded-For": address });
    // 30 failed authentications a minute (DESIGN §14); 61 attempts reach a 429 even when they straddle a minute.
    let refused: ApiResponse | undefined;
    for (let attempt = 0; attempt < 61 && !refused; attempt++) {
      const response = await client.post("/api/session", { token: "pb_wrong_guess" });
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(401);
    }
    expect(refused).toBeDefined();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused!.headers.get("content-type")).toContain("application/problem+json");

    expect((await signIn(ADMIN_TOKEN)).response.status).toBe(200);
  });

  test("successful sign-ins are not failures: 40 in a row from one address all sign in", async () => {
    const client = apiClient(patchbay.baseUrl, { "X-Forwarded-For": freshAddress() });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) statuses.push((await client.post("/api/session", { token: ADMIN_TOKEN })).status);
    expect(statuses).toEqual(Array(40).fill(200));
  });
});

describe("the audit log", () => {
  test("GET /api/audit — mint, sign-in, refused sign-in, sign-out and revoke are recorded with actor and client address, never the token", async () => {
    const { token, id, name } = await mint("editor");
    const address = freshAddress();
    const { cookie } = await signIn(token, { "X-Forwarded-For": address });
    expect((await withCookie(cookie, { Origin: patchbay.baseUrl, "X-Forwarded-For": address }).delete("/api/session")).status).toBe(204);
    expect((await admin().delete(`/api/tokens/${id}`)).status).toBe(204);
    expect((await signIn(token, { "X-Forwarded-For": address })).response.status).toBe(401);

    const audit = await admin().get(`/api/audit?name=${name}`);
    expect(audit.status).toBe(200);
    expect(audit.text).not.toContain(token);
    expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual(["session.refuse", "token.revoke", "session.end", "session.create", "token.create"]);
    const [refuse, revoke, end, create, minted] = audit.body.entries;
    expect(minted).toMatchObject({ kind: "event", entity_type: "token", name, actor: "admin (PATCHBAY_ADMIN_TOKEN)", revision: null, detail: { role: "editor", token_id: id, client_address: expect.any(String) } });
    expect(create).toMatchObject({ entity_type: "session", actor: name, detail: { client_address: address, role: "editor" } });
    expect(end).toMatchObject({ entity_type: "session", actor: name, detail: { client_address: address } });
    expect(revoke).toMatchObject({ entity_type: "token", actor: "admin (PATCHBAY_ADMIN_TOKEN)", detail: { token_id: id } });
    expect(refuse).toMatchObject({ entity_type: "session", actor: name, detail: { client_address: address } });

    const unknown = await signIn("pb_never_minted_anywhere", { "X-Forwarded-For": address });
    expect(unknown.response.status).toBe(401);
    const refusals = await admin().get("/api/audit?action=session.refuse&name=unknown%20token");
    expect(refusals.body.entries[0]).toMatchObject({ actor: "anonymous", detail: { client_address: address } });
    expect(refusals.text).not.toContain("pb_never_minted_anywhere");
  });

  test("GET /api/audit — revisions and events merge newest first, and paging by cursor visits every entry exactly once", async () => {
    for (let index = 0; index < 3; index++) {
      expect((await admin().post("/api/mcp-servers", httpServer(uniqueName("audited")))).status).toBe(201);
      await mint("viewer");
    }
    const all = (await admin().get("/api/audit?limit=500")).body;
    expect(all.next_cursor).toBeNull();
    const kinds = new Set(all.entries.map((entry: { kind: string }) => entry.kind));
    expect(kinds).toEqual(new Set(["revision", "event"]));
    const times = all.entries.map((entry: { at: string }) => entry.at);
    expect(times).toEqual([...times].sort().reverse());

    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse = await admin().get(`/api/audit?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      expect(page.body.entries.length).toBeLessThanOrEqual(2);
      expect(page.body.next_before).toBe(page.body.next_cursor);
      paged.push(...page.body.entries);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all.entries);

    expect((await admin().get("/api/audit?entity_type=server&limit=500")).body.entries.every((entry: { kind: string }) => entry.kind === "revision")).toBe(true);
    expect((await admin().get("/api/audit?entity_type=token&limit=500")).body.entries.every((entry: { kind: string }) => entry.kind === "event")).toBe(true);
    expect((await admin().get("/api/audit?cursor=not-a-cursor")).status).toBe(400);
  });
});

describe("next after sign-in", () => {
  test("a page asked for at //evil.example is sent to sign in with a next that stays on this site", async () => {
    // Next may first normalise the double slash (308); every hop must stay on this site until sign-in.
    let location = new URL(`${patchbay.baseUrl}//evil.example/x`);
    for (let hop = 0; hop < 3 && location.pathname !== "/sign-in"; hop++) {
      const response = await fetch(location, { headers: { Accept: "text/html" }, redirect: "manual" });
      expect([307, 308]).toContain(response.status);
      location = new URL(response.headers.get("location")!, location);
      expect(location.origin).toBe(patchbay.baseUrl);
    }
    expect(location.pathname).toBe("/sign-in");
    const next = location.searchParams.get("next")!;
    expect(next.startsWith("/")).toBe(true);
    expect(next.startsWith("//")).toBe(false);
  });
});
