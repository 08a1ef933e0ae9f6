import { getDb } from "../db";
import type { HealthResult } from "../health/types";
import { parseResult } from "./health";

export type HealthCheckRow = { id: number; serverId: number; name: string; result: HealthResult };

/**
 * The health-check history as a change feed shared by every instance on the database: every recorded probe is
 * one row with an increasing id. Rows of servers deleted meanwhile are left out.
 */
export async function listHealthChecksAfter(afterId: number, limit: number): Promise<HealthCheckRow[]> {
  const rows = await getDb().healthCheck.findMany({
    where: { id: { gt: afterId } }, orderBy: { id: "asc" }, take: limit,
    select: { id: true, serverId: true, result: true },
  });
  if (rows.length === 0) return [];

  const servers = await getDb().server.findMany({
    where: { id: { in: [...new Set(rows.map((row) => row.serverId))] } }, select: { id: true, name: true },
  });
  const names = new Map(servers.map((server) => [server.id, server.name]));
  return rows
    .filter((row) => names.has(row.serverId))
    .map((row) => ({ id: row.id, serverId: row.serverId, name: names.get(row.serverId)!, result: parseResult(row.result) }));
}

export async function lastHealthCheckId(): Promise<number> {
  const row = await getDb().healthCheck.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return row?.id ?? 0;
}

/** The latest state (`stateKey`) of every server probed at least once. */
export async function listLatestStatuses(): Promise<Map<number, string>> {
  const rows = await getDb().serverHealth.findMany({ select: { serverId: true, result: true } });
  return new Map(rows.map((row) => [row.serverId, stateKey(parseResult(row.result))]));
}

/** What the event stream reports a change of: the status, and whether the toolset drifted from its pin (DESIGN §11). */
export function stateKey(result: Pick<HealthResult, "status" | "drift">): string {
  return result.drift ? `${result.status}+drift` : result.status;
}
