import { getDb } from "../db";
import type { ServerInput } from "../schemas/server";
import { definitionOf } from "./server-record";

/** One page of servers for a health sweep, in id order; pass the last id to get the next page. */
export async function listProbeTargets(afterId: number, take: number): Promise<{ id: number; server: ServerInput }[]> {
  const rows = await getDb().server.findMany({
    where: { id: { gt: afterId } }, orderBy: { id: "asc" }, take, select: { id: true, definition: true },
  });
  return rows.map((row) => ({ id: row.id, server: definitionOf(row) }));
}
