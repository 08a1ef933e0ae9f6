import { randomBytes } from "node:crypto";

import type { TestProject } from "vitest/node";

import { ensureBuild } from "../../lib/cli/ensure-build";
import { removeTempSqlite, startPatchbay, tempSqliteUrl } from "../support/patchbay-process";
import { createTestDatabase, startTestPostgres, type TestPostgres } from "../support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The test PostgreSQL server in the api-pg project (tests create their own databases there), else null. */
    postgres: Pick<TestPostgres, "serverUrl" | "databasePrefix"> | null;
  }
}

/**
 * One built Patchbay for the whole suite, on a fresh database: a SQLite file in the `api` project, a
 * PostgreSQL database in `api-pg` (see e2e/support/postgres.ts). Tests use unique names.
 */
export default async function setup(project: TestProject) {
  ensureBuild();
  const postgres = project.name === "api-pg" ? await startTestPostgres() : undefined;
  let databaseUrl: string | undefined;
  try {
    databaseUrl = postgres ? await createTestDatabase(postgres) : tempSqliteUrl("test");
    // PostgreSQL has no key file to fall back on (DESIGN §10): the suite's instance gets a key of its own.
    const secretKey: Record<string, string> = postgres ? { PATCHBAY_SECRET_KEY: randomBytes(32).toString("base64") } : {};
    // Every test file shares this instance and its one (auth-off) caller: the per-minute budgets would turn the
    // suite's own pace into 429s — more of them the faster the machine. Budgets have their own instances
    // (security, rate-limit.pg).
    const budgets = { PATCHBAY_RATE_WRITES_PER_MIN: "1000000", PATCHBAY_RATE_TESTS_PER_MIN: "1000000" };
    const mount: Record<string, string> = project.name === "api-next-mount" ? { PATCHBAY_API_MOUNT: "next" } : {};
    const patchbay = await startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "off", ...budgets, ...secretKey, ...mount } });
    project.provide("baseUrl", process.env.PATCHBAY_TEST_BASE_URL ?? patchbay.baseUrl);
    project.provide("postgres", postgres ? { serverUrl: postgres.serverUrl, databasePrefix: postgres.databasePrefix } : null);
    return async () => {
      if (process.env.PATCHBAY_TEST_SHOW_LOGS) console.log(patchbay.logs());
      await patchbay.stop();
      await cleanUp(postgres, databaseUrl);
    };
  } catch (error) {
    await cleanUp(postgres, databaseUrl);
    throw error;
  }
}

async function cleanUp(postgres: TestPostgres | undefined, databaseUrl: string | undefined) {
  await postgres?.stop();
  if (databaseUrl) removeTempSqlite(databaseUrl);
}
