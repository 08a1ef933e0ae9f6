import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient } from "../support/api-client";
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
