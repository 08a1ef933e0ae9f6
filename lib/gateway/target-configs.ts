import { getCapability } from "../registry/capabilities";
import { loadBlueprintInputs } from "../registry/blueprint-inputs";
import { bindBlueprintInputs } from "../registry/provider-bindings";
import { loadResolveContext } from "../variables/resolve-context";
import { getServer } from "../registry/servers";
import { StampedCache } from "../read-model/stamped-cache";
import { processSlot } from "../runtime/runtime";
import { resolveBlueprint, type Blueprint, type BlueprintInput } from "../resolve/blueprint";
import { parseReferences } from "../resolve/references";
import type { AgentInput } from "../schemas/agent";
import type { ServerInput } from "../schemas/server";
import type { ToolNames } from "../schemas/tool-names";
import { isPlainObject } from "../schemas/server-fields";
import type { CallTarget } from "./types";

/**
 * What the call pipeline reads of the registry for one target in one environment: its servers' definitions
 * (policies, resilience, redaction) and its blueprint in clear (the gateway itself connects upstream; nothing of
 * it leaves the registry), with the values substituted from secrets to scrub from whatever comes back.
 */
export type TargetConfigs = {
  /** The definition of a server the target references (bound `{"provides": …}` ones included). */
  server(name: string): ServerInput | undefined;
  /** The blueprint as resolved with the caller's context (which fills only the parameters a server declares). */
  blueprint(context?: Record<string, unknown>): Blueprint;
  /** The registry servers the target references, by alias, in the blueprint's order (capabilities first, then the agent's own). */
  references(): TargetReference[];
  /** How the target's endpoint names tools and prompts (its `tool_names`). */
  naming(): ToolNames | undefined;
};

/** One registry server a target references: under which alias, and whether its names are exposed bare (DESIGN §16). */
export type TargetReference = { alias: string; server: string; bare: boolean };

/** A target's definitions are small; this bounds the memory of many targets × environments. */
const MAX_BYTES = 16 * 1024 * 1024;
/** Distinct contexts remembered per target (a gateway session has one; `/api/invoke` callers may send many). */
const MAX_BLUEPRINTS = 64;

// One cache per process, shared by every route bundle.
const cache = processSlot("gateway.targetConfigs", () => new StampedCache<TargetConfigs>(MAX_BYTES, MAX_BYTES / 16));

/**
 * The target's configs in `environment`, read once per change: remembered until a definition, variable or secret
 * is committed by anyone (and, when `{"provides": …}` references were bound, a probe result), so a tool call
 * reads nothing of the database on its way upstream. An unresolvable blueprint throws when asked for.
 */
export function loadTargetConfigs(target: CallTarget, environment: string): Promise<TargetConfigs> {
  const key = JSON.stringify([target.kind, target.name, environment]);
  return cache.get(key, ["definitions"], async () => {
    const ctx = await loadResolveContext(environment, { mask: false });
    const { agent, capabilities, servers, boundByHealth } = await bindBlueprintInputs(await targetInputs(target), environment);
    const configs = remembering({ agent, capabilities, servers, ctx });
    const bytes = 2 * JSON.stringify([agent, [...capabilities.values()], [...servers.values()]]).length;
    return { value: configs, bytes, alsoStaleOn: boundByHealth ? ["health"] : [] };
  });
}

/** Resolves at most once per distinct relevant context: only context keys some server declares as a parameter matter. */
function remembering(input: Omit<BlueprintInput, "context">): TargetConfigs {
  const declared = new Set([...input.servers.values()].flatMap((server) => (isPlainObject(server.parameters_schema?.properties) ? Object.keys(server.parameters_schema.properties) : [])));
  const resolved = new Map<string, Blueprint>();
  const references = targetReferences(input);
  return {
    server: (name) => input.servers.get(name),
    references: () => references,
    naming: () => input.agent.tool_names,
    blueprint(context) {
      const relevant = Object.entries(context ?? {}).filter(([name]) => declared.has(name));
      const key = JSON.stringify(relevant);
      let blueprint = resolved.get(key);
      if (!blueprint) {
        blueprint = resolveBlueprint({ ...input, context: Object.fromEntries(relevant) });
        if (resolved.size >= MAX_BLUEPRINTS) resolved.clear();
        resolved.set(key, blueprint);
      }
      return blueprint;
    },
  };
}

function targetReferences({ agent, capabilities }: Omit<BlueprintInput, "context">): TargetReference[] {
  const owners = [...(agent.capabilities ?? []).map((name) => capabilities.get(name)?.mcp_servers), agent.mcp_servers];
  return owners.flatMap((mcpServers) => parseReferences(mcpServers).flatMap((reference) => {
    if (reference.kind !== "server") return [];
    return [{ alias: reference.alias, server: reference.server, bare: reference.bare === true }];
  }));
}

/** A capability's inputs are those of an agent listing just that capability; a server's, those of an agent referencing just it. */
async function targetInputs(target: CallTarget) {
  if (target.kind === "agent") return loadBlueprintInputs(target.name);
  if (target.kind === "server") {
    const agent = { name: target.name, mcp_servers: [target.name] } as AgentInput;
    return { agent, capabilities: new Map(), servers: new Map([[target.name, await serverInput(target.name)]]) };
  }
  const capability = await getCapability(target.name);
  const names = [...new Set(parseReferences(capability.mcp_servers).flatMap((reference) => (reference.kind === "server" ? [reference.server] : [])))];
  const servers = new Map(await Promise.all(names.map(async (name) => [name, await serverInput(name)] as const)));
  const agent = { name: target.name, capabilities: [target.name], ...(capability.tool_names ? { tool_names: capability.tool_names } : {}) } as AgentInput;
  return { agent, capabilities: new Map([[capability.name, capability]]), servers };
}

async function serverInput(name: string): Promise<ServerInput> {
  const { id: _id, created_at: _created, modified_at: _modified, revision: _revision, ...server } = await getServer(name);
  return server as ServerInput;
}
