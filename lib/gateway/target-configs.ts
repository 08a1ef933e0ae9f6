import { getCapability } from "../data/capabilities";
import { loadBlueprintInputs } from "../data/blueprint-inputs";
import { bindBlueprintInputs } from "../data/provider-bindings";
import { loadResolveContext } from "../data/resolve-context";
import { getServer } from "../data/servers";
import { resolveBlueprint, type Blueprint } from "../resolve/blueprint";
import { parseReferences } from "../resolve/references";
import type { AgentInput } from "../schemas/agent";
import type { ServerInput } from "../schemas/server";
import type { GatewayTarget } from "./types";

/**
 * The target's blueprint in clear (the gateway itself connects upstream; nothing of it leaves the registry):
 * every alias's resolved config, with the values substituted from secrets to scrub from whatever comes back.
 * `{"provides": …}` references are bound as blueprints bind them.
 */
export async function resolveTargetConfigs(target: GatewayTarget, environment: string, context?: Record<string, unknown>): Promise<Blueprint> {
  const ctx = await loadResolveContext(environment, { mask: false });
  const { agent, capabilities, servers } = await bindBlueprintInputs(await targetInputs(target), environment);
  return resolveBlueprint({ agent, capabilities, servers, ctx, context });
}

/** A capability's inputs are those of an agent listing just that capability. */
async function targetInputs(target: GatewayTarget) {
  if (target.kind === "agent") return loadBlueprintInputs(target.name);
  const capability = await getCapability(target.name);
  const names = [...new Set(parseReferences(capability.mcp_servers).flatMap((reference) => (reference.kind === "server" ? [reference.server] : [])))];
  const servers = new Map(await Promise.all(names.map(async (name) => [name, await serverInput(name)] as const)));
  const agent = { name: target.name, capabilities: [target.name] } as AgentInput;
  return { agent, capabilities: new Map([[capability.name, capability]]), servers };
}

async function serverInput(name: string): Promise<ServerInput> {
  const { id: _id, created_at: _created, modified_at: _modified, revision: _revision, ...server } = await getServer(name);
  return server as ServerInput;
}
