import { getConfig } from "../env";
import { DEFAULT_NAMESPACE } from "../formats/official-export";
import { getHealth } from "../data/health";
import { findRow, plainName } from "./official-servers";
import { definitionOf } from "../registry/server-record";
import type { Visibility } from "../auth/visibility";
import { getResolvedServer } from "../registry/server-views";

/**
 * GET /v0.1/x/dev.patchbay/servers/{name}/environments: the registry's own environment and every one the server
 * overrides, each resolved as GET /api/mcp-servers/{name}?environment= resolves it (masked alike), with the
 * latest health there.
 */
export async function listOfficialEnvironments(officialName: string, visibility: Visibility) {
  const row = await findRow(officialName);
  const name = plainName(officialName);
  const own = getConfig().environment;
  const names = [...new Set([own, ...Object.keys(definitionOf(row).environments ?? {})])];
  const environments = await Promise.all(names.map(async (environment) => {
    const [{ mcp_server: resolved }, { health }] = await Promise.all([getResolvedServer(name, environment, visibility), getHealth(name, environment)]);
    return {
      name: environment,
      is_default: environment === own,
      transport_type: resolved.transport.type,
      url: resolved.transport.type === "stdio" ? null : resolved.transport.url,
      health: { status: health.status, checked_at: health.checked_at, era: health.era },
    };
  }));
  return { name: `${DEFAULT_NAMESPACE}/${name}`, environments };
}
