import { spawnSync } from "node:child_process";
import path from "node:path";

import { PINNED_NODE_PACKAGE, pinnedNodeVersion } from "./pinned-node";

/** The native modules Patchbay loads, each with a line that fails unless its binary loads in this Node. */
const NATIVE_MODULES: Record<string, string> = {
  "better-sqlite3": `new (require("better-sqlite3"))(":memory:").close()`,
};

/**
 * `postinstall`, first step: checks that scripts run on the pinned Node (node_modules/.bin/node first on PATH)
 * and that every native module loads in it. A fresh install builds them against the pinned Node's headers
 * already (`.npmrc` sets `nodedir`); one built before the pin, or for another Node, is rebuilt here, offline,
 * from those headers.
 */
function main() {
  const pinned = pinnedNodeVersion();
  if (process.version !== pinned) {
    console.error(`Patchbay: scripts run on Node ${process.version}, not the pinned ${pinned} (node_modules/.bin/node, from ${PINNED_NODE_PACKAGE}, is missing): run npm install again.`);
    process.exit(1);
  }

  const stale = Object.keys(NATIVE_MODULES).filter((name) => !loads(name));
  if (stale.length === 0) return;

  console.log(`Patchbay: rebuilding ${stale.join(", ")} for Node ${pinned}…`);
  const npm = process.env.npm_execpath ? [process.env.npm_node_execpath ?? "node", process.env.npm_execpath] : ["npm"];
  const result = spawnSync(npm[0], [...npm.slice(1), "rebuild", ...stale], {
    stdio: "inherit",
    env: { ...process.env, npm_config_nodedir: path.resolve("node_modules", PINNED_NODE_PACKAGE) },
  });
  if (result.status !== 0 || !stale.every(loads)) {
    console.error(`Patchbay: ${stale.join(", ")} could not be built for Node ${pinned}.`);
    process.exit(result.status || 1);
  }
}

/** In a child process: a native module that failed to load once stays failed in the process that tried. */
function loads(name: string): boolean {
  return spawnSync(process.execPath, ["-e", NATIVE_MODULES[name]], { stdio: "ignore" }).status === 0;
}

main();
