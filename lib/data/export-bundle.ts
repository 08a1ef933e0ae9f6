import { getDb } from "../db";
import type { ExportBundle } from "../schemas/import";
import { definitionOf } from "./server-record";

/**
 * The native bundle: every definition exactly as entered (no server-set fields), by name. Importing it into
 * an empty registry and exporting again gives the same bytes. Capabilities and agents join when their data
 * layer lands; the keys are there already so a bundle's shape never changes.
 */
export async function exportBundle(): Promise<ExportBundle> {
  const rows = await getDb().server.findMany({ orderBy: { name: "asc" }, select: { definition: true } });
  return { mcp_servers: rows.map(definitionOf), capabilities: [], agents: [] };
}
