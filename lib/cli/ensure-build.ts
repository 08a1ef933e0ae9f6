import { spawnSync } from "node:child_process";

import { isBuildCurrent, sourceHash, writeBuildStamp } from "./build-stamp";

/** Builds the app when no build exists for the current sources; otherwise does nothing. */
export function ensureBuild(): void {
  if (isBuildCurrent()) return;
  const hash = sourceHash();

  console.log("Patchbay: building (no build exists for the current sources)…");
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) {
    console.error("Patchbay: the build failed.");
    process.exit(result.status ?? 1);
  }
  writeBuildStamp(hash);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
