import type { Visibility } from "../auth/visibility";
import { getDb } from "../db";
import { maskInlineSecrets } from "../resolve/inline-secrets";
import { maskLiteralSecrets } from "../resolve/literal-secrets";
import type { ExportBundle } from "../schemas/import";
import { definitionOf } from "../registry/server-record";

/**
 * The native bundle: every definition exactly as entered (no server-set fields), by name. Importing it into
 * an empty registry and exporting again gives the same bytes. Literal secrets are masked to callers who may
 * not read them (DESIGN §7: exports to non-admins); importing such an export keeps the mask as written.
 */
export async function exportBundle({ canReadStoredSecrets }: Visibility): Promise<ExportBundle> {
  const byName = { orderBy: { name: "asc" as const }, select: { definition: true } };
  const [servers, capabilities, agents] = await Promise.all([
    getDb().server.findMany(byName),
    getDb().capability.findMany(byName),
    getDb().agent.findMany(byName),
  ]);
  const bundle = { mcp_servers: servers.map(definitionOf), capabilities: capabilities.map(definitionOf), agents: agents.map(definitionOf) };
  if (canReadStoredSecrets) return bundle;
  return {
    mcp_servers: bundle.mcp_servers.map(maskLiteralSecrets),
    capabilities: bundle.capabilities.map(maskInlineSecrets),
    agents: bundle.agents.map(maskInlineSecrets),
  };
}
