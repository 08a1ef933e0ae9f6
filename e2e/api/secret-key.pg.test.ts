import { randomBytes } from "node:crypto";

import { describe, expect, test } from "vitest";

import { apiClient } from "../support/api-client";
import { startPatchbay } from "../support/patchbay-process";
import { freshDatabaseUrl } from "../support/test-database";

/** DESIGN §10 on PostgreSQL: no key file to fall back on, so the key is required once a secret exists. */
describe("secret key on PostgreSQL", () => {
  test("without PATCHBAY_SECRET_KEY a secret is refused; with it, stored; a restart without it refuses to start", async () => {
    const databaseUrl = await freshDatabaseUrl("secret-key");
    const env = { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false" };
    const secret = { secret: true, value: "pg-sealed", scope: { servers: ["x"] } };

    const keyless = await startPatchbay({ databaseUrl, env });
    try {
      const refused = await apiClient(keyless.baseUrl).put("/api/variables/PG_SECRET", secret);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ path: "/secret", message: "needs PATCHBAY_SECRET_KEY on this deployment" }]);
      expect((await apiClient(keyless.baseUrl).put("/api/variables/PG_PLAIN", { value: "fine" })).status).toBe(201);
    } finally {
      await keyless.stop();
    }

    const key = randomBytes(32).toString("base64");
    const keyed = await startPatchbay({ databaseUrl, env: { ...env, PATCHBAY_SECRET_KEY: key } });
    try {
      expect((await apiClient(keyed.baseUrl).put("/api/variables/PG_SECRET", secret)).status).toBe(201);
    } finally {
      await keyed.stop();
    }

    await expect(startPatchbay({ databaseUrl, env })).rejects.toThrow(/holds secrets, but PATCHBAY_SECRET_KEY is not set/);
    const otherKey = randomBytes(32).toString("base64");
    await expect(startPatchbay({ databaseUrl, env: { ...env, PATCHBAY_SECRET_KEY: otherKey } })).rejects.toThrow(/sealed with key [0-9a-f]{8}, but the configured key is/);
  });
});
