import { getDb } from "../db";
import type { ExportBundle } from "../schemas/import";
import { definitionOf } from "./server-record";

/**
 * The native bundle: every definition exactly as entered (no server-set fields), by name. Importing it into
 * an empty registry and exporting again gives the same bytes.
 */
export async function exportBundle(): Promise<ExportBundle> {
  const byName = { orderBy: { name: "asc" as const }, select: { definition: true } };
  const [servers, capabilities, agents] = await Promise.all([
    getDb().server.findMany(byName),
    getDb().capability.findMany(byName),
    getDb().agent.findMany(byName),
  ]);
  return { mcp_servers: servers.map(definitionOf), capabilities: capabilities.map(definitionOf), agents: agents.map(definitionOf) };
}
