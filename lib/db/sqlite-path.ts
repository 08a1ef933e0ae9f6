import fs from "node:fs";
import path from "node:path";

/** `file:./data/patchbay.db` → an absolute path, creating its folder on demand. */
export function sqlitePathFromUrl(url: string): string {
  const file = path.resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}
