import type { Db, Tx } from "../db";
import { getDb } from "../db";
import { NotFoundError } from "../errors";

export type UsedBy = {
  capabilities: { name: string; alias: string }[];
  agents: { name: string; alias: string; via: string | null }[];
};

/** Who references a server: capabilities (with their alias), and agents directly or `via` a capability. */
export async function findServerUsers(serverName: string, client: Db | Tx = getDb()): Promise<UsedBy> {
  const direct = await client.reference.findMany({
    where: { targetType: "server", targetName: serverName },
    orderBy: [{ ownerType: "asc" }, { ownerName: "asc" }],
  });
  const capabilities = direct
    .filter((ref) => ref.ownerType === "capability")
    .map((ref) => ({ name: ref.ownerName, alias: ref.alias }));

  const viaCapabilities = await client.reference.findMany({
    where: { ownerType: "agent", targetType: "capability", targetName: { in: capabilities.map((cap) => cap.name) } },
    orderBy: { ownerName: "asc" },
  });
  const agents = [
    ...direct.filter((ref) => ref.ownerType === "agent").map((ref) => ({ name: ref.ownerName, alias: ref.alias, via: null })),
    ...viaCapabilities.flatMap((agentRef) =>
      capabilities
        .filter((cap) => cap.name === agentRef.targetName)
        .map((cap) => ({ name: agentRef.ownerName, alias: cap.alias, via: cap.name })),
    ),
  ];
  return { capabilities, agents };
}

export function isUsed(usedBy: UsedBy): boolean {
  return usedBy.capabilities.length > 0 || usedBy.agents.length > 0;
}

export function describeUsers(usedBy: UsedBy): string {
  const names = [
    ...usedBy.capabilities.map((cap) => `capability ${cap.name}`),
    ...usedBy.agents.map((agent) => `agent ${agent.name}`),
  ];
  return [...new Set(names)].join(", ");
}

/** The store's view of `usedBy`: null when nobody references it, else the 409's body and its words. */
export function referencedBy(usedBy: UsedBy): { usedBy: UsedBy; described: string } | null {
  return isUsed(usedBy) ? { usedBy, described: `referenced by ${describeUsers(usedBy)}` } : null;
}

/** Who references a capability: agents only, in the used-by shape so a 409 reads the same for both. */
export async function findCapabilityUsers(capabilityName: string, client: Db | Tx = getDb()): Promise<UsedBy> {
  const rows = await client.reference.findMany({
    where: { ownerType: "agent", targetType: "capability", targetName: capabilityName },
    orderBy: { ownerName: "asc" },
  });
  return { capabilities: [], agents: rows.map((row) => ({ name: row.ownerName, alias: row.alias, via: null })) };
}

/** GET /api/mcp-servers/{name}/used-by: 404 for a server that does not exist. */
/** GET /api/capabilities/{name}/used-by: the agents that list it; 404 for an unknown capability. */
export async function getCapabilityUsedBy(capabilityName: string): Promise<UsedBy> {
  const capability = await getDb().capability.findUnique({ where: { name: capabilityName }, select: { id: true } });
  if (!capability) throw new NotFoundError(`Capability '${capabilityName}' does not exist.`);
  return findCapabilityUsers(capabilityName);
}

export async function getServerUsedBy(serverName: string): Promise<UsedBy> {
  const server = await getDb().server.findUnique({ where: { name: serverName }, select: { id: true } });
  if (!server) throw new NotFoundError(`MCP server '${serverName}' does not exist.`);
  return findServerUsers(serverName);
}
