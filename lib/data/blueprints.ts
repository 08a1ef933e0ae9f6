import type { Role } from "../api/operation";
import { resolveBlueprint } from "../resolve/blueprint";
import type { BlueprintRequest } from "../schemas/agent";
import { loadBlueprintInputs } from "./blueprint-inputs";
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
  const { agent, capabilities, servers } = await loadBlueprintInputs(name);
  const ctx = resolveContextFor(request.environment, { mask: masksRegistryValues(role) });

  const { mcpServers, warnings } = resolveBlueprint({
    agent, capabilities, servers, ctx, parameters: request.parameters, context: request.context,
  });
  return { body: { agent: { ...agent, mcp_servers: mcpServers }, environment: ctx.environment, warnings }, revision: agent.revision };
}
