import { getDb } from "../db";
import { getConfig } from "../env";
import type { HealthResult } from "../health/types";
import type { ServerInput } from "../schemas/server";
import { parseDefinitionCached } from "./definition-cache";
import { parseResult, UNKNOWN_RESULT } from "../data/health";

/** A server that provides a capability string, with its latest health in the environment asked for. */
export type Provider = { server: ServerInput; health: HealthResult };

/**
 * Every server whose `provides` names one of `strings`, by string, with its health in `environment`: the
 * registry's own environment reads the kept latest status (and its history rows from before environments were
 * kept), any other the newest history row of that environment. Two queries, whatever the number of strings.
 */
export async function loadProviders(strings: readonly string[], environment: string): Promise<Map<string, Provider[]>> {
  const rows = await getDb().server.findMany({
    where: { provides: { some: { value: { in: [...strings] } } } },
    select: { id: true, definition: true, provides: { select: { value: true } } },
    orderBy: { name: "asc" },
  });
  const health = await latestHealth(rows.map((row) => row.id), environment);
  const byString = new Map<string, Provider[]>(strings.map((string) => [string, []]));
  for (const row of rows) {
    const provider = { server: parseDefinitionCached<ServerInput>(row.definition), health: health.get(row.id) ?? { ...UNKNOWN_RESULT, environment } };
    for (const { value } of row.provides) byString.get(value)?.push(provider);
  }
  return byString;
}

async function latestHealth(serverIds: number[], environment: string): Promise<Map<number, HealthResult>> {
  if (serverIds.length === 0) return new Map();
  const own = getConfig().environment;
  const rows = await getDb().healthCheck.findMany({
    where: { serverId: { in: serverIds }, OR: [{ environment }, ...(environment === own ? [{ environment: null }] : [])] },
    orderBy: { id: "desc" },
    distinct: ["serverId"],
    select: { serverId: true, result: true },
  });
  return new Map(rows.map((row) => [row.serverId, { ...parseResult(row.result), environment }]));
}
