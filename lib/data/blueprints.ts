import type { Role } from "../api/operation";
import { hasRole } from "../auth/roles";
import { maskLiteralSecretsInConfig } from "../resolve/literal-secrets";
import { resolveBlueprint } from "../resolve/blueprint";
import type { BlueprintRequest } from "../schemas/agent";
import { loadBlueprintInputs } from "./blueprint-inputs";
import { resolveContextFor } from "./resolve-context";

/**
 * DESIGN §7: blueprints carry registry values (`${VAR}` substitutions) in clear only to runner and above.
 * The single place where the caller's role decides masking.
 */
export function masksRegistryValues(role: Role): boolean {
  return !hasRole(role, "runner");
}

/** GET /api/agents/{name} and POST …/blueprint: the agent with `mcp_servers` resolved for the environment. */
export async function resolveAgent(name: string, request: BlueprintRequest, { role }: { role: Role }) {
  const { agent, capabilities, servers } = await loadBlueprintInputs(name);
  const ctx = resolveContextFor(request.environment, { mask: masksRegistryValues(role) });

  const { mcpServers, warnings } = resolveBlueprint({
    agent, capabilities, servers, ctx, parameters: request.parameters, context: request.context,
  });
  const visible = ctx.mask ? maskConfigs(mcpServers) : mcpServers;
  return { body: { agent: { ...agent, mcp_servers: visible }, environment: ctx.environment, warnings }, revision: agent.revision };
}

/** Below the runner role, literal secrets typed into definitions are masked like registry values. */
function maskConfigs<T extends Record<string, Record<string, unknown>>>(configs: T): T {
  return Object.fromEntries(Object.entries(configs).map(([alias, config]) => [alias, maskLiteralSecretsInConfig(config)])) as T;
}
