import path from "node:path";

import { getConfig } from "../env";

/** Where GitOps sync reads from (DESIGN §13), and whether it follows changes after the first import. */
export type SyncSource = { path: string; isWatched: boolean };

/**
 * `PATCHBAY_SYNC_PATH` (a seed 003 directory or one file in any import format), else seed 001's
 * `MCP_REGISTRY_FILE` (`file:` and `classpath:` prefixes allowed) — followed only with `MCP_REGISTRY_HOT_RELOAD=true`, as that seed defines it. Null: no sync.
 */
export function getSyncSource(): SyncSource | null {
  const config = getConfig();
  if (config.PATCHBAY_SYNC_PATH) return { path: path.resolve(config.PATCHBAY_SYNC_PATH), isWatched: true };
  if (config.MCP_REGISTRY_FILE) {
    // Seed 001's `classpath:config/mcp_registry.json` has no classpath here: it is relative to the working directory.
    return { path: path.resolve(config.MCP_REGISTRY_FILE.replace(/^(file|classpath):/, "")), isWatched: config.MCP_REGISTRY_HOT_RELOAD };
  }
  return null;
}
