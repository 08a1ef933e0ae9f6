import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { clientFrom } from "../support/from-address";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { freshDatabaseUrl } from "../support/test-database";

/** Per-token budgets are shared by every instance on one PostgreSQL database (DESIGN §7): N instances, not N× the budget. */
const ADMIN_TOKEN = "pb_test_rate_limit_admin_0123456789";
const WRITES_PER_MIN = 10;
/** Claimed two at a time by each instance (a hundredth). */
const CALLS_PER_MIN = 200;

let instances: PatchbayProcess[] = [];
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl("rate-limit");
  const env = { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_RATE_WRITES_PER_MIN: String(WRITES_PER_MIN), PATCHBAY_RATE_CALLS_PER_MIN: String(CALLS_PER_MIN) };
  // One first, so the second boots on a migrated database without racing it (scale-out.pg.test.ts covers the race).
  instances = [await startPatchbay({ databaseUrl, env })];
  instances.push(await startPatchbay({ databaseUrl, env }));
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
});

/** How many one-minute windows hits of the keys `pattern` (SQL LIKE) matches were counted in. */
async function windowsOf(pattern: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM "RateLimitWindow" WHERE "key" LIKE $1`, [pattern]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe("rate limits across two instances", () => {
  test("a writes budget of 10/min: 6 writes to A and 6 to B with one token → exactly 10 succeed and 2 get 429 with Retry-After", async () => {
    const [a, b] = instances;
    // The budget is a fixed minute: a round that happens to straddle two minutes (seen in the table, not
    // guessed from a clock) is run again with a fresh token.
    for (let round = 0; round < 3; round++) {
      const minted = await apiClient(a.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` }).post("/api/tokens", { name: uniqueName("budget"), role: "editor" });
      expect(minted.status).toBe(201);
      const clients = [a, b].map((instance) => apiClient(instance.baseUrl, { Authorization: `Bearer ${minted.body.token}` }));

      const responses = await Promise.all(Array.from({ length: 12 }, (_, index) => clients[index % 2].post("/api/mcp-servers", httpServer(uniqueName("budget")))));
      if ((await windowsOf(`${minted.body.id}:writes`)) !== 1) continue;

      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
      for (const refused of responses.filter((response) => response.status === 429)) {
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // Reads are not limited, on either instance.
      for (const client of clients) expect((await client.get("/api/mcp-servers?limit=1")).status).toBe(200);
      return;
    }
    throw new Error("three rounds in a row straddled a minute");
  });

  test(`the calls budget, claimed in blocks by each instance, still admits exactly ${CALLS_PER_MIN} a minute over both`, async () => {
    const body = { action: "nothing.here", agent: "no-such-agent", input: {} };
    for (let round = 0; round < 3; round++) {
      const minted = await apiClient(instances[0].baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` }).post("/api/tokens", { name: uniqueName("calls"), role: "runner" });
      expect(minted.status).toBe(201);
      const clients = instances.map((instance) => apiClient(instance.baseUrl, { Authorization: `Bearer ${minted.body.token}` }));
      const statuses: number[] = [];
      for (let sent = 0; sent < CALLS_PER_MIN + 20; sent += 20) {
        statuses.push(...(await Promise.all(Array.from({ length: 20 }, async (_, index) => (await clients[index % 2].post("/api/invoke", body)).status))));
      }
      if ((await windowsOf(`${minted.body.id}:calls`)) !== 1) continue;

      expect(statuses.filter((status) => status === 404)).toHaveLength(CALLS_PER_MIN);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
      return;
    }
    throw new Error("three rounds in a row straddled a minute");
  });

  test("failed authentications are counted per address over both instances: 30 wrong tokens spread over A and B → 401, the 31st → 429 on either, even with the right token", async () => {
    for (let round = 0; round < 3; round++) {
      // The TCP peer is the client address: each round connects from its own loopback address.
      const address = `127.0.0.${20 + round}`;
      const clients = instances.map((instance) => clientFrom(instance.baseUrl, address));
      const statuses: number[] = [];
      for (let guess = 0; guess < 30; guess++) statuses.push((await clients[guess % 2].get("/api/mcp-servers", { Authorization: `Bearer pb_wrong_guess_${guess}` })).status);
      statuses.push((await clients[0].get("/api/mcp-servers", { Authorization: "Bearer pb_wrong_guess_next" })).status);
      statuses.push((await clients[1].post("/api/session", { token: "pb_wrong_guess_sign_in" })).status);
      statuses.push((await clients[1].get("/api/mcp-servers", { Authorization: `Bearer ${ADMIN_TOKEN}` })).status);
      if ((await windowsOf(`auth-failed:%${address}`)) !== 1) continue;

      expect(statuses).toEqual([...Array(30).fill(401), 429, 429, 429]);
      return;
    }
    throw new Error("three rounds in a row straddled a minute");
  });
});
