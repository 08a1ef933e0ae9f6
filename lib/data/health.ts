import { getDb } from "../db";
import { NotFoundError } from "../errors";
import type { HealthResult } from "../health/types";

/** History rows kept per server (DESIGN §5); older ones are deleted as new ones arrive. */
export const HISTORY_LIMIT = 100;

/** `R` before any probe: same shape as a real result, so clients need no special case. */
export const UNKNOWN_RESULT: HealthResult = {
  status: "unknown", ok: false, reason: "not checked yet", latency_ms: null, checked_at: null,
  server_info: null, protocol_version: null, tool_count: null,
};

/**
 * Stores one probe's result: it becomes the latest (whatever was there before, so no state is sticky) and a
 * history row, trimmed to the newest HISTORY_LIMIT, in one transaction.
 */
export async function recordHealth(serverId: number, result: HealthResult): Promise<void> {
  const stored = toStoredResult(result);
  const checkedAt = stored.checked_at ? new Date(stored.checked_at) : new Date();
  const latest = { status: stored.status, checkedAt, latencyMs: stored.latency_ms === null ? null : Math.round(stored.latency_ms), result: JSON.stringify(stored) };

  await getDb().$transaction(async (tx) => {
    await tx.serverHealth.upsert({ where: { serverId }, create: { serverId, ...latest }, update: latest });
    await tx.healthCheck.create({ data: { serverId, status: stored.status, checkedAt, result: latest.result } });

    const oldestKept = await tx.healthCheck.findFirst({
      where: { serverId }, orderBy: { id: "desc" }, skip: HISTORY_LIMIT - 1, select: { id: true },
    });
    if (oldestKept) await tx.healthCheck.deleteMany({ where: { serverId, id: { lt: oldestKept.id } } });
  });
}

/** GET /api/mcp-servers/:name/health: the latest result and the history, newest (last recorded) first. */
export async function getHealth(name: string): Promise<{ name: string; health: HealthResult; history: HealthResult[] }> {
  const server = await getDb().server.findUnique({ where: { name }, select: { id: true, health: { select: { result: true } } } });
  if (!server) throw new NotFoundError(`MCP server '${name}' does not exist.`);

  const rows = await getDb().healthCheck.findMany({
    where: { serverId: server.id }, orderBy: { id: "desc" }, take: HISTORY_LIMIT, select: { result: true },
  });
  return {
    name,
    health: server.health ? parseResult(server.health.result) : UNKNOWN_RESULT,
    history: rows.map((row) => parseResult(row.result)),
  };
}

export function parseResult(text: string): HealthResult {
  return JSON.parse(text) as HealthResult;
}

/** Exactly the fields of `R`, in wire order; a probe's `tools` are not history. */
function toStoredResult(result: HealthResult): HealthResult {
  return {
    status: result.status, ok: result.ok, reason: result.reason, latency_ms: result.latency_ms, checked_at: result.checked_at,
    server_info: result.server_info, protocol_version: result.protocol_version, tool_count: result.tool_count,
  };
}
