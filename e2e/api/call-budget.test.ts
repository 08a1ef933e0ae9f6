import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

const ADMIN_TOKEN = "pb_call_budget_admin_token_0123456789";
let patchbay: PatchbayProcess;
let admin: ReturnType<typeof apiClient>;

beforeAll(async () => {
  patchbay = await startPatchbay({ env: {
    PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
    PATCHBAY_RATE_CALLS_PER_MIN: "3", PATCHBAY_RATE_TESTS_PER_MIN: "1",
  } });
  admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
});

afterAll(async () => patchbay?.stop());

describe("runner traffic spends PATCHBAY_RATE_CALLS_PER_MIN, not the test budget (DESIGN §7)", () => {
  test("POST /api/invoke and /api/v1/mcp/test share the call budget; a test connection still has its own", async () => {
    const body = { action: "nothing.here", agent: "no-such-agent", input: {} };
    // A minute window may turn between requests: then the count starts again, and the budget still shows.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await admin.post(i === 2 ? "/api/v1/mcp/test" : "/api/invoke", body)).status);
    const fourth = await admin.post("/api/invoke", body);
    if (fourth.status !== 429) {
      // The window turned: the fourth opened the new one, two more fill it, and the next is refused.
      for (let i = 0; i < 2; i++) expect((await admin.post("/api/invoke", body)).status).toBe(404);
      const refused = await admin.post("/api/invoke", body);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    } else {
      expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect(statuses).toEqual([404, 404, 404]);

    const tested = await admin.post("/api/mcp-servers/no-such-server/test", {});
    expect(tested.status).toBe(404);
  });
});

describe("a large calls budget is claimed in blocks, and still admits exactly the budget in a minute", () => {
  const BUDGET = 300; // claimed three at a time (a hundredth)
  let large: PatchbayProcess;

  beforeAll(async () => {
    large = await startPatchbay({ env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
      PATCHBAY_RATE_CALLS_PER_MIN: String(BUDGET),
    } });
  });
  afterAll(async () => large?.stop());

  /** The one-minute windows the hits of `key` were counted in, and what the window holds (claimed hits). */
  function windowsOf(key: string): { count: number }[] {
    const db = new Database(large.databaseUrl.replace(/^file:/, ""), { readonly: true });
    try {
      return db.prepare(`SELECT "count" FROM "RateLimitWindow" WHERE "key" = ?`).all(key) as { count: number }[];
    } finally {
      db.close();
    }
  }

  test(`${BUDGET + 20} calls, 20 at a time: exactly ${BUDGET} pass and 20 get 429, with one claim per three calls`, async () => {
    const body = { action: "nothing.here", agent: "no-such-agent", input: {} };
    // A round that straddles two minutes (seen in the table, not guessed from a clock) is run again with a fresh token.
    for (let round = 0; round < 3; round++) {
      const minted = await apiClient(large.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` }).post("/api/tokens", { name: uniqueName("claims"), role: "runner" });
      expect(minted.status).toBe(201);
      const runner = apiClient(large.baseUrl, { Authorization: `Bearer ${minted.body.token}` });
      const statuses: number[] = [];
      for (let sent = 0; sent < BUDGET + 20; sent += 20) {
        statuses.push(...(await Promise.all(Array.from({ length: 20 }, async () => (await runner.post("/api/invoke", body)).status))));
      }
      const windows = windowsOf(`${minted.body.id}:calls`);
      if (windows.length !== 1) continue;

      expect(statuses.filter((status) => status === 404)).toHaveLength(BUDGET);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
      // 100 claims of 3 filled the budget; one more found it spent.
      expect(windows[0].count).toBe(BUDGET + 3);
      return;
    }
    throw new Error("three rounds in a row straddled a minute");
  });
});
