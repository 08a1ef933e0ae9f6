import type { Visibility } from "../auth/visibility";
import { maskLiteralSecretsInConfig } from "../resolve/literal-secrets";
import { resolveBlueprint } from "../resolve/blueprint";
import { isolatedMcpServers } from "../resolve/gateway-isolation";
import type { BlueprintRequest } from "../schemas/agent";
import type { ServerInput } from "../schemas/server";
import { loadBlueprintInputs } from "./blueprint-inputs";
import { bindBlueprintInputs } from "./provider-bindings";
import { loadResolveContext } from "../variables/resolve-context";

/**
 * GET /api/agents/{name} and POST …/blueprint: the agent with `mcp_servers` resolved for the environment.
 * DESIGN §7: blueprints carry secrets (`${VAR}` substitutions from secrets or the process, literal secrets) in
 * clear only to runner and admin. An agent with `"isolation": "gateway"` is still resolved (what does not resolve
 * is refused alike), but its `mcp_servers` is only its gateway endpoint under `origin` (Patchbay's as asked), for
 * every role, and no OAuth connection is added to it.
 */
export async function resolveAgent(name: string, request: BlueprintRequest, { canReadBlueprintSecrets }: Visibility, origin = "http://localhost") {
  const ctx = await loadResolveContext(request.environment, { mask: !canReadBlueprintSecrets });
  const { agent, capabilities, servers, warnings: bindingWarnings, boundByHealth } = await bindBlueprintInputs(await loadBlueprintInputs(name), ctx.environment);

  const { mcpServers, warnings, origins } = resolveBlueprint({
    agent, capabilities, servers, ctx, parameters: request.parameters, context: request.context,
  });
  if (agent.isolation === "gateway") {
    const gateway = isolatedMcpServers(agent.name, origin, request.environment);
    return {
      body: { agent: { ...agent, mcp_servers: gateway }, environment: ctx.environment, warnings: [...bindingWarnings, ...warnings] },
      revision: agent.revision, boundByHealth, sharedOAuth: {},
    };
  }
  const visible = ctx.mask ? maskConfigs(mcpServers) : mcpServers;
  return {
    body: { agent: { ...agent, mcp_servers: visible }, environment: ctx.environment, warnings: [...bindingWarnings, ...warnings] },
    revision: agent.revision,
    /** `{"provides": …}` references were bound by health: the blueprint goes stale when health changes. */
    boundByHealth,
    /** Aliases of servers signing in with a `shared` OAuth connection (DESIGN §17): the caller adds their Authorization. */
    sharedOAuth: sharedOAuthAliases(origins, servers, mcpServers),
  };
}

/** Below the runner role, literal secrets typed into definitions are masked like registry values. */
function maskConfigs<T extends Record<string, Record<string, unknown>>>(configs: T): T {
  return Object.fromEntries(Object.entries(configs).map(([alias, config]) => [alias, maskLiteralSecretsInConfig(config)])) as T;
}

function sharedOAuthAliases(origins: Record<string, string>, servers: ReadonlyMap<string, ServerInput>, configs: Record<string, Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(origins).filter(([alias, name]) => {
    const auth = servers.get(name)?.auth;
    return auth?.type === "oauth" && (auth.mode ?? "shared") === "shared" && configs[alias]?.type !== "stdio";
  }));
}
