import fs from "node:fs";
import path from "node:path";

import { ensureBuild } from "../../lib/cli/ensure-build";
import { startPatchbay } from "../support/patchbay-process";

/** One built Patchbay on a fresh SQLite file for the journeys; its URL reaches the tests as PATCHBAY_BASE_URL. */
export default async function globalSetup() {
  ensureBuild();
  const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off" } });
  process.env.PATCHBAY_BASE_URL = patchbay.baseUrl;
  fs.mkdirSync(path.join("e2e", "screenshots"), { recursive: true });
  return async () => patchbay.stop();
}
