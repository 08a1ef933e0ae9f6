import { getDb } from "../db";
import type { SourceTool, ToolsOf } from "../resolve/effective-tools";
import { definitionOf } from "./server-record";

/**
 * The one place effective tools read servers' tools from: today the definitions' declared `tools` (DESIGN §1;
 * probes keep only a tool count). When the tool catalog (DESIGN §11, issue 14 items 1–3) lands, this is the
 * file to switch to its discovered tools for `environment`, declared ones beside them.
 */
export async function loadToolsOf(servers: string[], _environment: string): Promise<ToolsOf> {
  const rows = await getDb().server.findMany({ where: { name: { in: [...new Set(servers)] } }, select: { name: true, definition: true } });
  const byName = new Map<string, SourceTool[]>(rows.map((row) => [row.name, definitionOf(row).tools ?? []]));
  return (server) => byName.get(server);
}
