import path from "node:path";

/**
 * A file of `../shared/fixtures`, beside the checkout as CI lays it out. PATCHBAY_SHARED_DIR points elsewhere
 * for a checkout that lives somewhere else (a git worktree, say).
 */
export function sharedFixture(name: string): string {
  return path.join(process.env.PATCHBAY_SHARED_DIR ?? path.resolve(process.cwd(), "../shared"), "fixtures", name);
}

export const OFFICIAL_DUMP = "official-registry-2025-12-18.json";
