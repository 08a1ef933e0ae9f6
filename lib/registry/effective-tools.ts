import { getConfig } from "../env";
import { agentTools, capabilityTools, type EffectiveTool, type EffectiveTools } from "../resolve/effective-tools";
import { bindProvides } from "../resolve/provider-binding";
import { parseReferences } from "../resolve/references";
import type { McpServerReferences } from "../schemas/reference";
import type { EffectiveToolsBody } from "../schemas/effective-tools";
import { NotFoundError } from "../errors";
import { getRawAgent } from "./agents";
import { getCapability } from "./capabilities";
import { loadProviderBindings } from "./provider-bindings";
import { getServer } from "./servers";
import { loadToolsOf } from "./server-tools-source";

/** GET /api/capabilities/:name/tools: the tools the capability exposes, with where each comes from. */
export async function getCapabilityTools(name: string, environment?: string): Promise<EffectiveToolsBody> {
  const chosen = environment ?? getConfig().environment;
  return toBody(name, chosen, await loadCapabilityTools(name, chosen));
}

/** GET /api/agents/:name/tools: the union of its capabilities' tools and its own references' tools. */
export async function getAgentTools(name: string, environment?: string): Promise<EffectiveToolsBody> {
  const chosen = environment ?? getConfig().environment;
  return toBody(name, chosen, await loadAgentTools(name, chosen));
}

/**
 * Runs once the servers a target reads its tools from are known, before their tools are read: the gateway
 * discovers a toolset never discovered in the environment there (DESIGN §14).
 */
export type BeforeToolsRead = (servers: string[]) => Promise<void>;

/** A capability's effective tools with their hidden defaults and projections: what the gateway calls. */
export async function loadCapabilityTools(name: string, environment: string, beforeRead?: BeforeToolsRead): Promise<EffectiveTools> {
  const stored = await getCapability(name);
  const bindings = await loadProviderBindings([stored.mcp_servers], environment);
  const capability = bindProvides(stored, bindings, `capability ${name}`).definition;
  const servers = serverNames([capability.mcp_servers]);
  await beforeRead?.(servers);
  const toolsOf = await loadToolsOf(servers, environment);
  return capabilityTools(capability, toolsOf);
}

/**
 * One server's tools as seed 001's `plugin.action` names them (`server.tool`): those of a capability referencing
 * just that server. An unknown server is a NotFoundError.
 */
export async function loadServerTools(name: string, environment: string, beforeRead?: BeforeToolsRead): Promise<EffectiveTools> {
  await getServer(name);
  await beforeRead?.([name]);
  return capabilityTools({ name, mcp_servers: [name] }, await loadToolsOf([name], environment));
}

/** An agent's effective tools with their hidden defaults and projections: what the gateway calls. */
export async function loadAgentTools(name: string, environment: string, beforeRead?: BeforeToolsRead): Promise<EffectiveTools> {
  const stored = await getRawAgent(name);
  const found = await Promise.all((stored.capabilities ?? []).map((capability) => getCapability(capability).catch(missingAs(undefined))));
  const bindings = await loadProviderBindings([stored.mcp_servers, ...found.map((capability) => capability?.mcp_servers)], environment);
  const agent = bindProvides(stored, bindings, `agent ${name}`).definition;
  const capabilities = found.filter((capability) => capability !== undefined).map((capability) => bindProvides(capability, bindings, `capability ${capability.name}`).definition);
  const missing = (agent.capabilities ?? []).flatMap((capability, index) => (found[index] ? [] : [{ path: `/capabilities/${index}`, message: `agent ${name} references unknown capability '${capability}'` }]));
  const servers = serverNames([agent.mcp_servers, ...capabilities.map((capability) => capability.mcp_servers)]);
  await beforeRead?.(servers);
  const toolsOf = await loadToolsOf(servers, environment);
  const result = agentTools(agent, capabilities, toolsOf);
  return { tools: result.tools, errors: [...missing, ...result.errors] };
}

function missingAs<T>(value: T) {
  return (error: unknown): T => {
    if (error instanceof NotFoundError) return value;
    throw error;
  };
}

function serverNames(references: (McpServerReferences | undefined)[]): string[] {
  return references.flatMap((each) => parseReferences(each).flatMap((reference) => (reference.kind === "server" ? [reference.server] : [])));
}

/** Hidden default values stay inside the registry (one may be a `${SECRET}`): only their keys are shown. */
function toBody(name: string, environment: string, { tools, errors }: EffectiveTools): EffectiveToolsBody {
  return { name, environment, tools: tools.map(publicTool), errors };
}

function publicTool({ hidden_defaults: _hidden, projection: _projection, address: _address, ...tool }: EffectiveTool) {
  return tool;
}
