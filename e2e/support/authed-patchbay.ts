import { afterAll, beforeAll } from "vitest";

import { apiClient, type ApiClient } from "./api-client";
import { startPatchbay, type PatchbayProcess } from "./patchbay-process";
import { mintToken, type TestRole } from "./roles";

/** One user per role, named after it: for a file that only asks "as a runner", "as an editor". */
export const ONE_PER_ROLE = { viewer: "viewer", runner: "runner", editor: "editor", admin: "admin" } as const satisfies Record<TestRole, TestRole>;

/** Auth off, no demo data, no scheduler (every probe is one the test asks for), the rate limit on Tests out of the way. */
export const OPEN_QUIET_ENV: Record<string, string> = {
  PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0", PATCHBAY_RATE_TESTS_PER_MIN: "10000",
};

/** Auth on with `adminToken` as the admin token, no demo data, no scheduler, the rate limits out of the way. */
export function authedEnv(adminToken: string): Record<string, string> {
  return {
    PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: adminToken, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
    PATCHBAY_RATE_TESTS_PER_MIN: "10000", PATCHBAY_RATE_WRITES_PER_MIN: "10000",
  };
}

export type AuthedPatchbay<U extends string> = {
  process: PatchbayProcess;
  /** A client with the admin token. */
  admin: ApiClient;
  /** Each user's token (named `<group>-<user>`), and a client that carries it. */
  tokens: Record<U, string>;
  as: Record<U, ApiClient>;
};

/**
 * Registers the file's beforeAll/afterAll for a Patchbay with authedEnv (`env` adds or overrides), and one
 * token per entry of `users` (`{ alice: "editor", bob: "editor" }`). The object is filled once beforeAll has run.
 */
export function useAuthedPatchbay<U extends string>(options: { adminToken: string; group: string; users: Record<U, TestRole>; env?: Record<string, string> }): AuthedPatchbay<U> {
  const fixture = {} as AuthedPatchbay<U>;
  beforeAll(async () => {
    fixture.process = await startPatchbay({ env: { ...authedEnv(options.adminToken), ...options.env } });
    const { baseUrl } = fixture.process;
    fixture.admin = apiClient(baseUrl, { Authorization: `Bearer ${options.adminToken}` });
    const users = Object.entries(options.users) as [U, TestRole][];
    const minted = await Promise.all(users.map(async ([user, role]) => [user, await mintToken(baseUrl, options.adminToken, `${options.group}-${user}`, role)] as const));
    fixture.tokens = Object.fromEntries(minted) as Record<U, string>;
    fixture.as = Object.fromEntries(minted.map(([user, token]) => [user, apiClient(baseUrl, { Authorization: `Bearer ${token}` })])) as Record<U, ApiClient>;
  }, 60_000);
  afterAll(async () => {
    await fixture.process?.stop();
  });
  return fixture;
}
