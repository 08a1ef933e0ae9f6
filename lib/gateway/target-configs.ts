import { getCapability } from "../data/capabilities";
import { loadBlueprintInputs } from "../data/blueprint-inputs";
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
 * A capability resolves as an agent listing just that capability.
 */
export async function resolveTargetConfigs(target: GatewayTarget, environment: string, context?: Record<string, unknown>): Promise<Blueprint> {
  const ctx = await loadResolveContext(environment, { mask: false });
  if (target.kind === "agent") {
    const { agent, capabilities, servers } = await loadBlueprintInputs(target.name);
    return resolveBlueprint({ agent, capabilities, servers, ctx, context });
  }
  const capability = await getCapability(target.name);
  const names = [...new Set(parseReferences(capability.mcp_servers).flatMap((reference) => (reference.kind === "server" ? [reference.server] : [])))];
  const servers = new Map(await Promise.all(names.map(async (name) => [name, await serverInput(name)] as const)));
  const agent = { name: target.name, capabilities: [target.name] } as AgentInput;
  return resolveBlueprint({ agent, capabilities: new Map([[capability.name, capability]]), servers, ctx, context });
}

async function serverInput(name: string): Promise<ServerInput> {
  const { id: _id, created_at: _created, modified_at: _modified, revision: _revision, ...server } = await getServer(name);
  return server as ServerInput;
}
