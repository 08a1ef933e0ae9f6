import fs from "node:fs";

import { describe, expect, test } from "vitest";

import { BUILD_LOG, findBuildWarnings } from "../../lib/cli/build-log";

/**
 * Issue 31: the first start is quiet because the build is clean, not because its output is hidden. The suite's
 * global setup built the app (lib/cli/ensure-build.ts), which kept Next's whole output; it must hold no warning —
 * "Ecmascript file had an error" was Node-only code (process.cwd) reached from the edge and browser bundles.
 */
describe("the build the suite runs against warns about nothing", () => {
  test(`${BUILD_LOG} holds Next's output with no warning line`, () => {
    const log = fs.readFileSync(BUILD_LOG, "utf8");
    expect(log).toContain("Compiled successfully");
    expect(findBuildWarnings(log)).toEqual([]);
    expect(log).not.toContain("had an error");
  });

  test("a warning of either kind would be found", () => {
    expect(findBuildWarnings("✓ Compiled\n ⚠ Compiled with warnings\n./lib/schemas/linear-regexp.ts:1:1\nEcmascript file had an error\n")).toEqual([
      " ⚠ Compiled with warnings", "Ecmascript file had an error",
    ]);
  });
});
