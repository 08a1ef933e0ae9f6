import { getDb } from "../db";
import { NotFoundError } from "../errors";
import type { AgentInput } from "../schemas/agent";
import type { CapabilityInput } from "../schemas/capability";
import type { ServerInput } from "../schemas/server";
import { parseDefinitionCached } from "./definition-cache";

type Row = { kind: "agent" | "capability" | "server"; definition: string; revision: number | bigint; createdAt: Date | string; modifiedAt: Date | string };

/**
 * Everything one blueprint needs, in one round trip: the agent, the capabilities it lists and every server
 * it or they name — found through the Reference rows, which are written in the same transaction as each
 * definition. Blueprints are the hot read path (DESIGN §3); three ORM queries cost several times this one.
 */
export async function loadBlueprintInputs(agentName: string) {
  const rows = await getDb().$queryRaw<Row[]>`
    SELECT 'agent' AS "kind", "definition", "revision", "createdAt", "modifiedAt" FROM "Agent" WHERE "name" = ${agentName}
    UNION ALL
    SELECT 'capability', "definition", "revision", "createdAt", "modifiedAt" FROM "Capability" WHERE "name" IN (
      SELECT "targetName" FROM "Reference" WHERE "ownerType" = 'agent' AND "ownerName" = ${agentName} AND "targetType" = 'capability')
    UNION ALL
    SELECT 'server', "definition", "revision", "createdAt", "modifiedAt" FROM "Server" WHERE "name" IN (
      SELECT "targetName" FROM "Reference" WHERE "targetType" = 'server' AND (
        ("ownerType" = 'agent' AND "ownerName" = ${agentName})
        OR ("ownerType" = 'capability' AND "ownerName" IN (
          SELECT "targetName" FROM "Reference" WHERE "ownerType" = 'agent' AND "ownerName" = ${agentName} AND "targetType" = 'capability'))))`;

  const agentRow = rows.find((row) => row.kind === "agent");
  if (!agentRow) throw new NotFoundError(`Agent '${agentName}' does not exist.`);

  const definitions = <T extends { name: string }>(kind: Row["kind"]) =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => parseDefinitionCached<T>(row.definition)).map((definition) => [definition.name, definition]));
  return {
    agent: {
      ...parseDefinitionCached<AgentInput>(agentRow.definition),
      created_at: new Date(agentRow.createdAt).toISOString(),
      modified_at: new Date(agentRow.modifiedAt).toISOString(),
      revision: Number(agentRow.revision),
    },
    capabilities: definitions<CapabilityInput>("capability"),
    servers: definitions<ServerInput>("server"),
  };
}
