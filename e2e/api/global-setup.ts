import type { TestProject } from "vitest/node";

import { ensureBuild } from "../../lib/cli/ensure-build";
import { startPatchbay } from "../support/patchbay-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One built Patchbay on a fresh SQLite file for the whole API suite; tests use unique names. */
export default async function setup(project: TestProject) {
  ensureBuild();
  const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off" } });
  project.provide("baseUrl", process.env.PATCHBAY_TEST_BASE_URL ?? patchbay.baseUrl);
  return async () => {
    if (process.env.PATCHBAY_TEST_SHOW_LOGS) console.log(patchbay.logs());
    await patchbay.stop();
  };
}
