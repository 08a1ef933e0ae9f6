import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { clientFrom } from "../support/from-address";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

/**
 * Guessing is throttled (DESIGN §14): failed bearer, session and sign-in authentications are counted per client
 * address (the TCP peer: each test connects from its own 127.0.0.x) in one window of 30 a minute; past it every
 * credential from that address is refused with 429 before it is checked, so guessing cannot go on.
 */
const ADMIN_TOKEN = "pb_failed_auth_admin_token_0123456789";
const LIMIT = 30;

let patchbay: PatchbayProcess;
let nextHost = 10;

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0" } });
});

afterAll(async () => patchbay?.stop());

/** A loopback address no other test of this file connects from. */
function freshAddress(): string {
  return `127.0.0.${nextHost++}`;
}

/** The one-minute windows in which failures from `address` were counted. */
function failureWindows(address: string): number {
  const db = new Database(patchbay.databaseUrl.replace(/^file:/, ""), { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM "RateLimitWindow" WHERE "key" LIKE ?`).get(`auth-failed:%${address}`) as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * Runs `round` from a fresh address until its failures all fell in one minute (seen in the table, not guessed from
 * a clock): a round that straddles two windows proves nothing about the limit and is run again.
 */
async function inOneWindow(round: (address: string) => Promise<void>): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const address = freshAddress();
    let failure: unknown;
    try {
      await round(address);
    } catch (error) {
      failure = error;
    }
    if (failureWindows(address) > 1) continue;
    if (failure) throw failure;
    return;
  }
  throw new Error("three rounds in a row straddled a minute");
}

describe("failed authentications per client address (DESIGN §14)", () => {
  test(`${LIMIT} wrong bearer tokens → 401 each, the next → 429 problem+json with Retry-After; then even the right token is refused from that address, while another address is unaffected`, async () => {
    await inOneWindow(async (address) => {
      const guesser = clientFrom(patchbay.baseUrl, address);
      const statuses: number[] = [];
      for (let guess = 0; guess < LIMIT; guess++) statuses.push((await guesser.get("/api/mcp-servers", { Authorization: `Bearer pb_guess_${guess}` })).status);
      expect(statuses).toEqual(Array(LIMIT).fill(401));

      const refused = await guesser.get("/api/mcp-servers", { Authorization: "Bearer pb_guess_next" });
      expect(refused.status).toBe(429);
      expect(refused.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(refused.body).toMatchObject({ status: 429, type: expect.stringContaining("rate-limited") });
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      // Refused before it is checked: a right guess would be indistinguishable from a wrong one.
      expect((await guesser.get("/api/mcp-servers", { Authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(429);

      const other = clientFrom(patchbay.baseUrl, freshAddress());
      expect((await other.get("/api/mcp-servers", { Authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(200);
      expect((await other.get("/api/mcp-servers", { Authorization: "Bearer pb_guess_elsewhere" })).status).toBe(401);
    });
  });

  test("bearer tokens, session cookies and sign-ins share one count: 10 of each fail, the next of any kind → 429", async () => {
    await inOneWindow(async (address) => {
      const guesser = clientFrom(patchbay.baseUrl, address);
      const statuses: number[] = [];
      for (let guess = 0; guess < 10; guess++) {
        statuses.push((await guesser.get("/api/mcp-servers", { Authorization: `Bearer pb_guess_${guess}` })).status);
        statuses.push((await guesser.get("/api/mcp-servers", { Cookie: `patchbay_session=guessed-session-${guess}` })).status);
        statuses.push((await guesser.post("/api/session", { token: `pb_guess_${guess}` })).status);
      }
      expect(statuses).toEqual(Array(LIMIT).fill(401));

      expect((await guesser.get("/api/mcp-servers", { Cookie: "patchbay_session=guessed-session-next" })).status).toBe(429);
      const signIn = await guesser.post("/api/session", { token: ADMIN_TOKEN });
      expect(signIn.status).toBe(429);
      expect(signIn.headers["set-cookie"]).toBeUndefined();
    });
  });

  test("POST /api/session/preview (the sign-in link's question) names the token and signs nothing in; its failures count like sign-ins", async () => {
    await inOneWindow(async (address) => {
      const client = clientFrom(patchbay.baseUrl, address);
      const named = await client.post("/api/session/preview", { token: ADMIN_TOKEN });
      expect(named.status).toBe(200);
      expect(named.body).toEqual({ name: "admin (PATCHBAY_ADMIN_TOKEN)" });
      expect(named.headers["set-cookie"]).toBeUndefined();

      const statuses: number[] = [];
      for (let guess = 0; guess < LIMIT; guess++) statuses.push((await client.post("/api/session/preview", { token: `pb_guess_${guess}` })).status);
      expect(statuses).toEqual(Array(LIMIT).fill(401));
      expect((await client.post("/api/session/preview", { token: ADMIN_TOKEN })).status).toBe(429);
    });
  });

  test("after the window passes, the right token from a throttled address works again", { timeout: 120_000 }, async () => {
    await inOneWindow(async (address) => {
      const guesser = clientFrom(patchbay.baseUrl, address);
      for (let guess = 0; guess < LIMIT; guess++) expect((await guesser.get("/api/mcp-servers", { Authorization: `Bearer pb_guess_${guess}` })).status).toBe(401);
      expect((await guesser.get("/api/mcp-servers", { Authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(429);
    });
    // The last round's address: its window ends within a minute, and nothing it sends while refused is counted.
    const address = `127.0.0.${nextHost - 1}`;
    const guesser = clientFrom(patchbay.baseUrl, address);
    await waitUntil(async () => (await guesser.get("/api/mcp-servers", { Authorization: `Bearer ${ADMIN_TOKEN}` })).status !== 429, 75_000, "the throttle window to pass");
    expect((await guesser.get("/api/mcp-servers", { Authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(200);
  });
});
