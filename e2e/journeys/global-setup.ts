import fs from "node:fs";
import path from "node:path";

import { ensureBuild } from "../../lib/cli/ensure-build";
import { startPatchbay } from "../support/patchbay-process";

/** One built Patchbay on a fresh SQLite file for the journeys; its URL reaches the tests as PATCHBAY_BASE_URL. */
export default async function globalSetup() {
  ensureBuild();
  // One auth-off caller drives every journey: per-minute budgets would turn the suite's pace into 429s (more on
  // a faster machine). Budgets are tested on instances of their own.
  const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_RATE_WRITES_PER_MIN: "1000000", PATCHBAY_RATE_TESTS_PER_MIN: "1000000" } });
  process.env.PATCHBAY_BASE_URL = patchbay.baseUrl;
  fs.mkdirSync(path.join("e2e", "screenshots"), { recursive: true });
  return async () => patchbay.stop();
}
