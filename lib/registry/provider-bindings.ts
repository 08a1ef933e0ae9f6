import { getDb } from "../db";
import type { FieldError } from "../errors";
import { bindProvides, providedStrings, type ProviderBindings } from "../resolve/provider-binding";
import { rankProviders } from "../resolve/provider-ranking";
import type { AgentInput } from "../schemas/agent";
import type { CapabilityInput } from "../schemas/capability";
import type { McpServerReferences } from "../schemas/reference";
import type { ServerInput } from "../schemas/server";
import { parseDefinitionCached } from "./definition-cache";
import { loadProviders } from "./providers";

/** The best provider of every capability string these definitions' `{"provides": …}` references name, in `environment`. */
export async function loadProviderBindings(references: readonly (McpServerReferences | undefined)[], environment: string): Promise<ProviderBindings> {
  const strings = providedStrings(references);
  if (strings.length === 0) return new Map();
  const providers = await loadProviders(strings, environment);
  return new Map(strings.flatMap((string) => {
    const [best] = rankProviders((providers.get(string) ?? []).map(({ server, health }) => ({ server: server.name, status: health.status, latency_ms: health.latency_ms })));
    return best ? [[string, { server: best.server, status: best.status }] as const] : [];
  }));
}

type BlueprintInputs = { agent: AgentInput; capabilities: ReadonlyMap<string, CapabilityInput>; servers: ReadonlyMap<string, ServerInput> };

/**
 * Blueprint inputs with every `{"provides": …}` reference bound for `environment` (DESIGN §12): the agent's and
 * its capabilities' definitions rewritten to name the bound servers, and those servers loaded beside the others;
 * `boundByHealth` when there were any to bind (which server is best changes with health).
 */
export async function bindBlueprintInputs<T extends BlueprintInputs>(inputs: T, environment: string): Promise<T & { warnings: FieldError[]; boundByHealth: boolean }> {
  const references = [inputs.agent.mcp_servers, ...[...inputs.capabilities.values()].map((capability) => capability.mcp_servers)];
  const boundByHealth = providedStrings(references).length > 0;
  const bindings = await loadProviderBindings(references, environment);
  if (bindings.size === 0) return { ...inputs, warnings: [], boundByHealth };

  const agent = bindProvides(inputs.agent, bindings, `agent ${inputs.agent.name}`);
  const capabilities = [...inputs.capabilities.values()].map((capability) => bindProvides(capability, bindings, `capability ${capability.name}`));
  const missing = [...new Set([...bindings.values()].map((choice) => choice.server))].filter((name) => !inputs.servers.has(name));
  const loaded = missing.length === 0 ? [] : await getDb().server.findMany({ where: { name: { in: missing } }, select: { definition: true } });
  return {
    ...inputs,
    agent: agent.definition,
    capabilities: new Map(capabilities.map(({ definition }) => [definition.name, definition])),
    servers: new Map([...inputs.servers, ...loaded.map((row) => parseDefinitionCached<ServerInput>(row.definition)).map((server) => [server.name, server] as const)]),
    warnings: [...capabilities.flatMap((capability) => capability.warnings), ...agent.warnings],
    boundByHealth,
  };
}
