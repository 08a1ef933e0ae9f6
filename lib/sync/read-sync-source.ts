import fs from "node:fs";

import { readBundleDirectory } from "../cli/bundle-files";

/** The path's content as one import text: a seed 003 directory becomes a native bundle, a file is read as it is. */
export function readSyncSource(path: string): string {
  return fs.statSync(path).isDirectory() ? readBundleDirectory(path) : fs.readFileSync(path, "utf8");
}
