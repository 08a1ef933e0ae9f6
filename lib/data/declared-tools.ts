import type { Tx } from "../db";
import type { Tool } from "../schemas/server-fields";
import type { ToolDefinition } from "../tools/tool-definition";
import { columnsOf, fingerprintTool, insertCatalogRows, type CatalogRow } from "./tool-catalog";

/**
 * The catalog's `environment` of a declared tool (DESIGN §11 `source: "declared"`): it has none of its own and
 * belongs to every environment, so it is stored under a name no environment can have (names are 1–64
 * characters) and answered as `null`. It sorts before every environment, beside the discovered rows of its name.
 */
export const DECLARED_ENVIRONMENT = "";

/** The fingerprinted object of a declared tool: what the definition says, an absent input schema being `{"type": "object"}`. */
export function declaredToolDefinition(tool: Tool): ToolDefinition {
  return {
    name: tool.name,
    ...(tool.description !== undefined && { description: tool.description }),
    input_schema: tool.input_schema ?? { type: "object" },
    ...(tool.output_schema !== undefined && { output_schema: tool.output_schema }),
  };
}

/** The catalog rows of a server's declared tools, as written beside its definition. */
export function declaredCatalogRows(serverId: number, tools: readonly Tool[] | undefined, now: Date): CatalogRow[] {
  // A name declared twice is one tool: the last declaration wins, as it would in a map.
  const byName = new Map((tools ?? []).map((tool) => [tool.name, tool]));
  return [...byName.values()].map((tool) => ({
    serverId, environment: DECLARED_ENVIRONMENT, name: tool.name, ...columnsOf(fingerprintTool(declaredToolDefinition(tool))), firstSeenAt: now, lastSeenAt: now,
  }));
}

/** Server ids per DELETE: well under every engine's limit of bound parameters. */
const DELETE_BATCH = 500;

/**
 * Writes servers' declared tools into the catalog, inside the transaction that writes their definitions (create,
 * update, patch, restore, import, sync): `replace` drops what they declared before. Probes never touch these rows.
 */
export async function writeDeclaredTools(tx: Tx, servers: readonly { id: number; tools?: readonly Tool[] }[], { replace, now }: { replace: boolean; now: Date }) {
  const ids = servers.map((server) => server.id);
  for (let start = 0; replace && start < ids.length; start += DELETE_BATCH) {
    await tx.catalogTool.deleteMany({ where: { serverId: { in: ids.slice(start, start + DELETE_BATCH) }, environment: DECLARED_ENVIRONMENT } });
  }
  await insertCatalogRows(tx, servers.flatMap((server) => declaredCatalogRows(server.id, server.tools, now)));
}
