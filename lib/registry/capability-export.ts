import type { Visibility } from "../auth/visibility";
import { getDb } from "../db";
import { toUnified } from "../formats/unified-export";
import { maskLiteralSecrets } from "../resolve/literal-secrets";
import { parseReferences } from "../resolve/references";
import type { ServerInput } from "../schemas/server";
import { getCapability } from "./capabilities";
import { definitionOf } from "./server-record";

/**
 * GET /api/capabilities/:name/export?format=unified: the capability and the servers it references as a seed 004
 * unified registry (DESIGN §11). Literal secrets in the servers are masked to callers who may not read them, as
 * the native export does.
 */
export async function exportCapabilityUnified(name: string, { canReadStoredSecrets }: Visibility): Promise<Record<string, unknown>> {
  const capability = await getCapability(name);
  const names = parseReferences(capability.mcp_servers).flatMap((reference) => (reference.kind === "server" ? [reference.server] : []));
  const rows = await getDb().server.findMany({ where: { name: { in: names } }, select: { definition: true } });
  const servers = rows.map(definitionOf).map((server) => (canReadStoredSecrets ? server : (maskLiteralSecrets(server) as ServerInput)));
  return toUnified(capability, new Map(servers.map((server) => [server.name, server])));
}
