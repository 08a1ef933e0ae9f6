import { getDb, type Tx } from "../db";
import { getConfig } from "../env";
import { NotFoundError } from "../errors";
import type { HealthResult } from "../health/types";

/** History rows kept per (server, environment) (DESIGN §5); older ones are deleted as new ones arrive. */
export const HISTORY_LIMIT = 100;

/** `R` before any probe: same shape as a real result, so clients need no special case. */
export const UNKNOWN_RESULT: HealthResult = {
  status: "unknown", ok: false, reason: "not checked yet", latency_ms: null, checked_at: null,
  server_info: null, protocol_version: null, tool_count: null,
  era: null, protocol_versions: null, capabilities: null, auth: null, notes: [], environment: null, drift: false,
};

/**
 * Stores one probe's result under the environment it ran in (`result.environment`): a history row of that
 * (server, environment), trimmed to the newest HISTORY_LIMIT, and — for the registry's own environment, which list
 * summaries and the `health=` filter read — the server's latest status (whatever was there before, so no state is
 * sticky). Another environment's result never touches it. One transaction.
 */
export async function recordHealth(serverId: number, result: HealthResult): Promise<void> {
  const stored = toStoredResult(result);
  const own = getConfig().environment;
  const environment = stored.environment ?? own;
  const checkedAt = stored.checked_at ? new Date(stored.checked_at) : new Date();
  const latencyMs = stored.latency_ms === null ? null : Math.round(stored.latency_ms);
  const text = JSON.stringify(stored);
  const db = getDb();

  // Plain SQL that both engines speak: a sweep records a thousand of these, and Prisma's query builder
  // costs several times more per statement than the statement itself.
  const latest = environment === own ? [db.$executeRaw`
      INSERT INTO "ServerHealth" ("serverId", "status", "checkedAt", "latencyMs", "result")
      VALUES (${serverId}, ${stored.status}, ${checkedAt}, ${latencyMs}, ${text})
      ON CONFLICT ("serverId") DO UPDATE SET "status" = excluded."status", "checkedAt" = excluded."checkedAt",
        "latencyMs" = excluded."latencyMs", "result" = excluded."result"`] : [];
  const write = db.$transaction([
    ...latest,
    db.$executeRaw`
      INSERT INTO "HealthCheck" ("serverId", "environment", "status", "checkedAt", "result")
      VALUES (${serverId}, ${environment}, ${stored.status}, ${checkedAt}, ${text})`,
    db.$executeRaw`
      DELETE FROM "HealthCheck" WHERE "serverId" = ${serverId} AND "environment" = ${environment} AND "id" < (
        SELECT "id" FROM "HealthCheck" WHERE "serverId" = ${serverId} AND "environment" = ${environment}
        ORDER BY "id" DESC LIMIT 1 OFFSET ${HISTORY_LIMIT - 1})`,
  ]);
  try {
    await write;
  } catch (error) {
    // A server deleted while it was being probed has no health to keep: its rows went with it. Anything
    // else is a real failure.
    if (await serverExists(serverId)) throw error;
  }
}

/**
 * A pin cleared the drift of (server, environment): its latest `R` is recorded again with `drift: false`, as a new
 * history row (and the server's latest status, for the registry's own environment), inside the pin's transaction —
 * so the event stream reports it like any drift change and open pages update. Nothing when `R` shows no drift.
 */
export async function recordDriftCleared(tx: Tx, serverId: number, environment: string): Promise<void> {
  const own = getConfig().environment;
  const latest = await tx.healthCheck.findFirst({
    where: { serverId, OR: environment === own ? [{ environment }, { environment: null }] : [{ environment }] },
    orderBy: { id: "desc" }, select: { status: true, checkedAt: true, result: true },
  });
  if (!latest || !parseResult(latest.result).drift) return;
  const text = JSON.stringify(toStoredResult({ ...parseResult(latest.result), drift: false }));
  await tx.healthCheck.create({ data: { serverId, environment, status: latest.status, checkedAt: latest.checkedAt, result: text } });
  if (environment === own) await tx.serverHealth.updateMany({ where: { serverId }, data: { result: text } });
}

/** The status last recorded for (server, environment), `unknown` when none was: what a new probe's status is compared with. */
export async function latestStatus(serverId: number, environment: string): Promise<HealthResult["status"]> {
  const own = getConfig().environment;
  const latest = await getDb().healthCheck.findFirst({
    where: { serverId, OR: environment === own ? [{ environment }, { environment: null }] : [{ environment }] },
    orderBy: { id: "desc" }, select: { status: true },
  });
  return (latest?.status as HealthResult["status"] | undefined) ?? "unknown";
}

async function serverExists(serverId: number): Promise<boolean> {
  return (await getDb().server.count({ where: { id: serverId } })) > 0;
}

/**
 * GET /api/mcp-servers/:name/health?environment=: the latest result and the history of that environment (default:
 * the registry's own), newest (last recorded) first. Rows from before environments were kept count as the
 * registry's own.
 */
export async function getHealth(name: string, environment?: string): Promise<{ name: string; environment: string; health: HealthResult; history: HealthResult[] }> {
  const server = await getDb().server.findUnique({ where: { name }, select: { id: true } });
  if (!server) throw new NotFoundError(`MCP server '${name}' does not exist.`);

  const own = getConfig().environment;
  const chosen = environment ?? own;
  const rows = await getDb().healthCheck.findMany({
    where: { serverId: server.id, OR: [{ environment: chosen }, ...(chosen === own ? [{ environment: null }] : [])] },
    orderBy: { id: "desc" }, take: HISTORY_LIMIT, select: { result: true },
  });
  const history = rows.map((row) => {
    const result = parseResult(row.result);
    return { ...result, environment: result.environment ?? chosen };
  });
  return { name, environment: chosen, health: history[0] ?? { ...UNKNOWN_RESULT, environment: chosen }, history };
}

/** A stored `R`; one recorded before the fields of milestone 2 existed reads with them empty. */
export function parseResult(text: string): HealthResult {
  return { ...UNKNOWN_RESULT, ...(JSON.parse(text) as Partial<HealthResult>) } as HealthResult;
}

/** Exactly the fields of `R`, in wire order; a probe's `tools` are not history. */
function toStoredResult(result: HealthResult): HealthResult {
  return {
    status: result.status, ok: result.ok, reason: result.reason, latency_ms: result.latency_ms, checked_at: result.checked_at,
    server_info: result.server_info, protocol_version: result.protocol_version, tool_count: result.tool_count,
    era: result.era, protocol_versions: result.protocol_versions, capabilities: result.capabilities, auth: result.auth,
    notes: result.notes, environment: result.environment, drift: result.drift,
  };
}
