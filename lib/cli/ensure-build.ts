import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { BUILD_LOG, findBuildWarnings } from "./build-log";
import { isBuildCurrent, sourceHash, writeBuildStamp } from "./build-stamp";

/**
 * Builds the app when no build exists for the current sources; otherwise does nothing. A clean build says two
 * lines and keeps Next's output in .next/build.log; a build that warned or failed prints all of it.
 */
export function ensureBuild(): void {
  if (isBuildCurrent()) return;
  const hash = sourceHash();

  console.log("Patchbay: building (no build exists for the current sources; a few minutes the first time)…");
  const startedAt = Date.now();
  // Outside .next, which `next build` empties when it starts.
  const tempLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-build-")), "build.log");
  const out = fs.openSync(tempLog, "w");
  // Next keeps its build cache in .next/cache (a build keeps it when it empties .next). On CI, a build that finds
  // none warns "No build cache found": a fresh clone's first build has simply not written one yet.
  fs.mkdirSync(path.join(".next", "cache"), { recursive: true });
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: ["ignore", out, out], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  fs.closeSync(out);
  const log = fs.readFileSync(tempLog, "utf8");
  fs.rmSync(path.dirname(tempLog), { recursive: true, force: true });

  if (result.status !== 0) {
    process.stderr.write(log);
    console.error("Patchbay: the build failed.");
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(BUILD_LOG, log);
  if (findBuildWarnings(log).length > 0) {
    process.stdout.write(log);
    console.warn(`Patchbay: the build warned (above; kept in ${BUILD_LOG}).`);
  }
  console.log(`Patchbay: built in ${Math.round((Date.now() - startedAt) / 1000)} s (Next's output: ${BUILD_LOG})`);
  writeBuildStamp(hash);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
