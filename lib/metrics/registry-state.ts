import { getDb } from "../db";
import { getConfig } from "../env";
import { metrics } from "./registry";

type LatestHealth = { name: string; environment: string; status: string };

/**
 * The gauges that mirror the database (DESIGN §12), read when `/metrics` is scraped rather than kept in step
 * with every write: health per (server, environment) — the registry's own environment from the kept latest
 * status, every other from its newest history row — and the approvals awaiting a decision.
 */
export async function refreshRegistryGauges(): Promise<void> {
  const own = getConfig().environment;
  const [latest, others, open] = await Promise.all([
    getDb().serverHealth.findMany({ select: { status: true, server: { select: { name: true } } } }),
    getDb().$queryRaw<LatestHealth[]>`
      SELECT s."name" AS "name", h."environment" AS "environment", h."status" AS "status"
      FROM "HealthCheck" h JOIN "Server" s ON s."id" = h."serverId"
      WHERE h."environment" IS NOT NULL AND h."environment" <> ${own}
        AND h."id" = (SELECT MAX(n."id") FROM "HealthCheck" n WHERE n."serverId" = h."serverId" AND n."environment" = h."environment")`,
    getDb().approval.count({ where: { state: "awaiting_approval", expiresAt: { gt: new Date() } } }),
  ]);
  metrics.healthStatus.reset();
  for (const row of latest) metrics.healthStatus.set({ server: row.server.name, environment: own, status: row.status }, 1);
  for (const row of others) metrics.healthStatus.set({ server: row.name, environment: row.environment, status: row.status }, 1);
  metrics.approvalsOpen.set(open);
}
