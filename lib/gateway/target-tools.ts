import { createHash } from "node:crypto";

import { getConfig } from "../env";
import { loadAgentTools, loadCapabilityTools, loadServerTools } from "../registry/effective-tools";
import { discoverUnseenToolsets } from "../health/first-discovery";
import { readThrough } from "../read-model/read-cache";
import type { EffectiveTool } from "../resolve/effective-tools";
import { driftGateOf } from "./drift-gate";
import type { CallTarget, TargetTools } from "./types";

type Loaded = Omit<TargetTools, "target">;

// The last parse of each cached representation, so that an unchanged list is not parsed again on every call.
const parsed = new Map<string, { text: string; value: Loaded }>();

/**
 * The effective tools of DESIGN §11 a target advertises in `environment`, with a revision over what `tools/list`
 * shows, minus what the drift gate withholds. Called on every `tools/list` and `tools/call`: remembered until a
 * definition, a probe, a pin or a drift decision is committed (the read model's `definitions` and `health` scopes).
 * A server whose toolset was never discovered in `environment` is probed first (lib/health/first-discovery.ts).
 */
export async function loadTargetTools(target: CallTarget, environment?: string): Promise<TargetTools> {
  const chosen = environment ?? getConfig().environment;
  const key = JSON.stringify(["gateway-tools", target.kind, target.name, chosen]);
  const representation = await readThrough(key, ["definitions", "health"], async () => {
    const loaded = await computeTargetTools(target, chosen);
    return { text: JSON.stringify(loaded), etag: loaded.revision };
  });
  const known = parsed.get(key);
  if (known?.text === representation.text) return { target, ...known.value };
  const value = JSON.parse(representation.text) as Loaded;
  parsed.set(key, { text: representation.text, value });
  return { target, ...value };
}

type Advertised = { entries: ReturnType<typeof advertisedTool>[]; utf8?: Buffer };
// The advertised list of each loaded tool list, made once: loadTargetTools hands out the same array until it changes.
const advertised = new WeakMap<readonly EffectiveTool[], Advertised>();

/** The MCP `tools/list` entries of a loaded tool list. */
export function advertisedTools(tools: readonly EffectiveTool[]): ReturnType<typeof advertisedTool>[] {
  return advertisedOf(tools).entries;
}

/**
 * The same entries as JSON in UTF-8, serialized and encoded once per loaded list: a large list costs more to write
 * than all else, and encoding a string of a few hundred kilobytes per answer was a quarter of its CPU.
 */
export function advertisedToolsUtf8(tools: readonly EffectiveTool[]): Buffer {
  const known = advertisedOf(tools);
  known.utf8 ??= Buffer.from(JSON.stringify(known.entries));
  return known.utf8;
}

function advertisedOf(tools: readonly EffectiveTool[]): Advertised {
  let known = advertised.get(tools);
  if (!known) advertised.set(tools, (known = { entries: tools.map(advertisedTool) }));
  return known;
}

/** The MCP `tools/list` entry of an effective tool: hidden defaults and origins stay inside the registry. */
export function advertisedTool(tool: EffectiveTool) {
  return {
    name: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.input_schema,
    ...(tool.output_schema !== undefined ? { outputSchema: tool.output_schema } : {}),
    ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
  };
}

async function computeTargetTools(target: CallTarget, environment: string): Promise<Loaded> {
  // A toolset never discovered in this environment is discovered first, so the gate below judges it (DESIGN §14).
  const discover = (servers: string[]) => discoverUnseenToolsets(servers, environment);
  const load = { agent: loadAgentTools, capability: loadCapabilityTools, server: loadServerTools }[target.kind];
  const { tools } = await load(target.name, environment, discover);
  const servers = [...new Set(tools.map((tool) => tool.origin.server))];
  const gates = new Map(await Promise.all(servers.map(async (server) => [server, await driftGateOf(server, environment)] as const)));
  const shown: EffectiveTool[] = [];
  const withheld: { tool: EffectiveTool; reason: string }[] = [];
  for (const tool of tools) {
    const reason = gates.get(tool.origin.server)?.(tool.origin.upstream_tool) ?? null;
    if (reason) withheld.push({ tool, reason });
    else shown.push(tool);
  }
  return { environment, tools: shown, withheld, revision: toolsRevision(shown) };
}

function toolsRevision(tools: EffectiveTool[]): string {
  return createHash("sha256").update(JSON.stringify(tools.map(advertisedTool))).digest("hex").slice(0, 32);
}
