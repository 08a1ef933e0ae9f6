import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { ALICE, BOB, CookieJar, signInThroughProvider, startPatchbayWithSingleSignOn, type IdentityProvider } from "../support/identity-provider";
import type { PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

/**
 * DESIGN §18: people sign in with the company's identity provider (a real oidc-provider here), are named in what
 * they do, get the role their groups give at each sign-in, and lose their session when the provider stops vouching
 * for them. Every refused sign-in leaves no session behind.
 */
const ADMIN_TOKEN = "pb_test_sso_admin_0123456789abcdef";

let idp: IdentityProvider;
let patchbay: PatchbayProcess;
let base: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ idp, patchbay, base, stop } = await startPatchbayWithSingleSignOn({
    adminToken: ADMIN_TOKEN,
    accounts: {
      alice: ALICE,
      bob: BOB,
      carol: { email: "carol@example.com", name: "Carol", groups: ["platform-eng"] },
      dave: { email: "dave@example.com", name: "Dave", groups: ["sales"] },
      erin: { email: "erin@example.com", name: "Erin", groups: ["platform-admins"] },
    },
  }));
}, 120_000);

afterAll(async () => {
  await stop?.();
});

const admin = () => apiClient(base, { Authorization: `Bearer ${ADMIN_TOKEN}` });

async function signIn(login: string, next = "/tools") {
  const result = await signInThroughProvider(`${base}/sign-in/oidc?next=${encodeURIComponent(next)}`, idp, { login });
  const session = result.jar.get(base, "patchbay_session");
  return { ...result, session, client: apiClient(base, session ? { Cookie: `patchbay_session=${session}` } : {}) };
}

describe("signing in with the identity provider", () => {
  test("a person in the admin group signs in, lands where they were going, and is an admin named by their email", async () => {
    const alice = await signIn("alice", "/mcp-servers?tag=db");
    expect(alice.location).toBe("/mcp-servers?tag=db");
    expect(alice.session).toMatch(/^[\w-]{43}$/);
    // The pending sign-in's cookie is gone once used.
    expect(alice.jar.get(base, "patchbay_sso")).toBeUndefined();

    const me = await alice.client.get("/api/session");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ name: "alice@example.com", role: "admin", auth: "on", person_id: expect.any(String) });

    const people = await alice.client.get("/api/people");
    expect(people.status).toBe(200);
    const person = people.body.people.find((entry: { email: string }) => entry.email === "alice@example.com");
    expect(person).toEqual({
      id: me.body.person_id, issuer: idp.issuer, subject: "alice", email: "alice@example.com", name: "Alice Admin", role: "admin",
      groups: ["platform-admins"], created_at: expect.any(String), last_seen_at: expect.any(String),
    });
  });

  test("a person in the editor group is an editor: may write, may not list people, and is named in the revision and the audit", async () => {
    const bob = await signIn("bob");
    expect((await bob.client.get("/api/session")).body).toMatchObject({ name: "bob@example.com", role: "editor" });
    expect((await bob.client.get("/api/people")).status).toBe(403);

    const name = uniqueName("sso-made");
    const created = await bob.client.post("/api/mcp-servers", httpServer(name), { Origin: base });
    expect(created.status).toBe(201);
    const revisions = await admin().get(`/api/mcp-servers/${name}/revisions`);
    expect(revisions.body.revisions[0]).toMatchObject({ actor: "bob@example.com" });
    const audit = await admin().get("/api/audit?actor=bob@example.com");
    expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(["create", "session.create"]));
  });

  test("the role follows the group: taken out of the admin group, a person is an editor on their next request and next sign-in", async () => {
    const erin = await signIn("erin");
    expect((await erin.client.get("/api/session")).body.role).toBe("admin");

    idp.accounts.get("erin")!.groups = ["platform-eng"];
    // The open session asks the provider again (PATCHBAY_OIDC_RECHECK_S=0) and takes the role its claim gives now.
    expect((await erin.client.get("/api/session")).body.role).toBe("editor");
    expect((await erin.client.get("/api/people")).status).toBe(403);

    const again = await signIn("erin");
    expect((await again.client.get("/api/session")).body.role).toBe("editor");
    const people = await admin().get("/api/people");
    expect(people.body.people.find((entry: { subject: string }) => entry.subject === "erin")).toMatchObject({ role: "editor", groups: ["platform-eng"] });
  });

  test("a session ends when the provider no longer vouches for the person (their refresh is refused)", async () => {
    const carol = await signIn("carol");
    expect((await carol.client.get("/api/session")).status).toBe(200);
    const refusedBefore = idp.refreshes.refused;

    idp.accounts.delete("carol");
    expect((await carol.client.get("/api/session")).status).toBe(401);
    expect(idp.refreshes.refused).toBe(refusedBefore + 1);
    // Ended for good: the provider is not asked again for it.
    expect((await carol.client.get("/api/session")).status).toBe(401);
    expect(idp.refreshes.refused).toBe(refusedBefore + 1);
    const audit = await admin().get("/api/audit?actor=carol@example.com");
    expect(audit.body.entries[0]).toMatchObject({ action: "session.end" });
  });
});

describe("signing out", () => {
  test("ends the session and revokes its refresh token at the provider", async () => {
    const erin = await signIn("erin");
    expect((await erin.client.get("/api/session")).status).toBe(200);
    const before = idp.revocations;

    expect((await erin.client.delete("/api/session")).status).toBe(204);
    await waitUntil(() => idp.revocations === before + 1, 20_000, "the provider to see the refresh token revoked");
    expect((await erin.client.get("/api/session")).status).toBe(401);
  });
});

describe("refused sign-ins leave no session", () => {
  test("someone in none of the mapped groups is sent back with `no-role`, and is not recorded as a person", async () => {
    const dave = await signIn("dave");
    expect(dave.location).toBe("/sign-in?sso=no-role");
    expect(dave.session).toBeUndefined();
    const people = await admin().get("/api/people");
    expect(people.body.people.map((entry: { subject: string }) => entry.subject)).not.toContain("dave");
  });

  test("declining at the provider sends the browser back with `refused`", async () => {
    const declined = await signInThroughProvider(`${base}/sign-in/oidc`, idp, "decline");
    expect(declined.location).toBe("/sign-in?sso=refused");
    expect(declined.jar.get(base, "patchbay_session")).toBeUndefined();
  });

  test("a callback URL replayed from another browser, or replayed with the used pending cookie, opens no session", async () => {
    const jar = new CookieJar();
    const startUrl = `${base}/sign-in/oidc`;
    const start = await fetch(startUrl, { redirect: "manual" });
    jar.take(startUrl, start);
    const pending = jar.get(base, "patchbay_sso")!;
    const alice = await signInThroughProvider(startUrl, idp, { login: "alice" }, jar);
    expect(alice.jar.get(base, "patchbay_session")).toBeDefined();
    const callbackUrl = alice.callbackUrl!;

    // Another browser (no pending sign-in): nothing to finish.
    const stranger = await fetch(callbackUrl, { redirect: "manual" });
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toBe("/sign-in?sso=expired");
    expect(stranger.headers.getSetCookie().some((cookie) => cookie.startsWith("patchbay_session="))).toBe(false);

    // The same browser's first pending cookie, with a state that is not the one the code was issued for.
    const mismatched = await fetch(callbackUrl, { redirect: "manual", headers: { cookie: `patchbay_sso=${pending}` } });
    expect(mismatched.headers.get("location")).toBe("/sign-in?sso=failed");
    expect(mismatched.headers.getSetCookie().some((cookie) => cookie.startsWith("patchbay_session="))).toBe(false);
  });

  test("a code used once is refused the second time, even with the pending cookie it was issued for", async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await signInThroughProvider(`${base}/sign-in/oidc`, idp, { login: "bob" }, jar, { stopAtCallback: true });
    // An attacker who copied both the callback URL and the pending cookie.
    const cookie = `patchbay_sso=${jar.get(base, "patchbay_sso")}`;
    const first = await fetch(callbackUrl!, { redirect: "manual", headers: { cookie } });
    expect(first.headers.get("location")).toBe("/");
    expect(first.headers.getSetCookie().some((value) => value.startsWith("patchbay_session=") && !value.includes("Max-Age=0"))).toBe(true);

    const replayed = await fetch(callbackUrl!, { redirect: "manual", headers: { cookie } });
    expect(replayed.headers.get("location")).toBe("/sign-in?sso=failed");
    expect(replayed.headers.getSetCookie().some((value) => value.startsWith("patchbay_session="))).toBe(false);
  });

  test("a forged pending cookie does not open, and an unknown query is refused before the provider is asked", async () => {
    const forged = await fetch(`${base}/sign-in/oidc/callback?code=abc&state=xyz`, { redirect: "manual", headers: { cookie: "patchbay_sso=v1.forged.value" } });
    expect(forged.headers.get("location")).toBe("/sign-in?sso=expired");
    const tooLong = await fetch(`${base}/sign-in/oidc/callback?state=${"x".repeat(600)}`, { redirect: "manual" });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).errors).toEqual([expect.objectContaining({ path: "/state" })]);
  });

  test("a `next` that leaves the site is dropped: the person lands on the dashboard, not elsewhere", async () => {
    const alice = await signIn("alice", "//evil.example/phish");
    expect(alice.location).toBe("/");
    expect(alice.session).toBeDefined();
  });

  test("no code, token or client secret reaches the log", async () => {
    const bob = await signIn("bob");
    const code = new URL(bob.callbackUrl!).searchParams.get("code")!;
    expect(code.length).toBeGreaterThan(10);
    for (const secret of [code, idp.clientSecret, bob.session!]) expect(patchbay.logs()).not.toContain(secret);
  });
});
