import fs from "node:fs";
import path from "node:path";

/** The folders this process made sure of: the call log asks for its path with every batch it writes. */
const ensuredFolders = new Set<string>();

/** `file:./data/patchbay.db` → an absolute path, creating its folder on demand (once per process). */
export function sqlitePathFromUrl(url: string): string {
  const file = path.resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
  const folder = path.dirname(file);
  if (!ensuredFolders.has(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    ensuredFolders.add(folder);
  }
  return file;
}
