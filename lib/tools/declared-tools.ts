import type { Tx } from "../db";
import type { Tool } from "../schemas/server-fields";
import { declaredCatalogRows, DECLARED_ENVIRONMENT } from "./declared-tool-rows";
import { insertCatalogRows } from "./tool-catalog";

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
