import type { Role } from "../api/operation";
import { getDb } from "../db";
import { resolveBlueprint } from "../resolve/blueprint";
import { parseReferences } from "../resolve/references";
import type { AgentInput, BlueprintRequest } from "../schemas/agent";
import type { CapabilityInput } from "../schemas/capability";
import type { ServerInput } from "../schemas/server";
import { getRawAgent } from "./agents";
import { definitionOf } from "./document-table";
import { resolveContextFor } from "./resolve-context";

const UNMASKED_ROLES: ReadonlySet<Role> = new Set(["runner", "editor", "admin"]);

/**
 * DESIGN §7: blueprints carry registry values (`${VAR}` substitutions) in clear only to runner and above.
 * The single place where the caller's role decides masking. Until tokens and roles exist no role is known,
 * and every caller is served unmasked as the issue asks.
 */
export function masksRegistryValues(role: Role | undefined): boolean {
  return role !== undefined && !UNMASKED_ROLES.has(role);
}

/** GET /api/agents/{name} and POST …/blueprint: the agent with `mcp_servers` resolved for the environment. */
export async function resolveAgent(name: string, request: BlueprintRequest, { role }: { role?: Role } = {}) {
  const agent = await getRawAgent(name);
  const capabilities = await loadCapabilities(agent.capabilities ?? []);
  const servers = await loadServers(agent, [...capabilities.values()]);
  const ctx = resolveContextFor(request.environment, { mask: masksRegistryValues(role) });

  const { mcpServers, warnings } = resolveBlueprint({
    agent, capabilities, servers, ctx, parameters: request.parameters, context: request.context,
  });
  return { body: { agent: { ...agent, mcp_servers: mcpServers }, environment: ctx.environment, warnings }, revision: agent.revision };
}

async function loadCapabilities(names: string[]): Promise<Map<string, CapabilityInput>> {
  if (names.length === 0) return new Map();
  const rows = await getDb().capability.findMany({ where: { name: { in: names } }, select: { definition: true } });
  return new Map(rows.map((row) => definitionOf<CapabilityInput>(row)).map((capability) => [capability.name, capability]));
}

async function loadServers(agent: AgentInput, capabilities: CapabilityInput[]): Promise<Map<string, ServerInput>> {
  const names = new Set(
    [agent.mcp_servers, ...capabilities.map((capability) => capability.mcp_servers)]
      .flatMap((mcpServers) => parseReferences(mcpServers))
      .flatMap((reference) => (reference.kind === "server" ? [reference.server] : [])),
  );
  if (names.size === 0) return new Map();
  const rows = await getDb().server.findMany({ where: { name: { in: [...names] } }, select: { definition: true } });
  return new Map(rows.map((row) => definitionOf<ServerInput>(row)).map((server) => [server.name, server]));
}
