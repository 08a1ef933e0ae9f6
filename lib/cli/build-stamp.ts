import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What a build depends on; a change to any of these makes the next start rebuild. */
const SOURCES = ["app", "components", "lib", "public", "prisma", "instrumentation.ts", "instrumentation-node.ts", "proxy.ts", "next.config.js", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];
const STAMP = path.join(".next", "patchbay-source-hash");

export function sourceHash(root = process.cwd()): string {
  const hash = createHash("sha256");
  for (const file of SOURCES.flatMap((source) => listFiles(path.join(root, source))).sort()) {
    if (/\.test\.tsx?$/.test(file) || file.includes(`${path.sep}generated${path.sep}`)) continue;
    hash.update(path.relative(root, file)).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

export function isBuildCurrent(root = process.cwd()): boolean {
  const stamp = path.join(root, STAMP);
  return fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === sourceHash(root);
}

/** `hash` is the sources' hash taken before the build began: an edit made while it ran must not count as built. */
export function writeBuildStamp(hash: string, root = process.cwd()): void {
  fs.writeFileSync(path.join(root, STAMP), hash);
}

function listFiles(target: string): string[] {
  if (!fs.existsSync(target)) return [];
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs.readdirSync(target).flatMap((entry) => listFiles(path.join(target, entry)));
}
