import { createHash } from "node:crypto";

import { getConfig } from "../env";
import { loadAgentTools, loadCapabilityTools } from "../data/effective-tools";
import type { EffectiveTool } from "../resolve/effective-tools";
import type { GatewayTarget, TargetTools } from "./types";

/** The effective tools of DESIGN §11 a target advertises in `environment`, with a revision over what `tools/list` shows. */
export async function loadTargetTools(target: GatewayTarget, environment?: string): Promise<TargetTools> {
  const chosen = environment ?? getConfig().environment;
  const { tools } = target.kind === "agent" ? await loadAgentTools(target.name, chosen) : await loadCapabilityTools(target.name, chosen);
  return { target, environment: chosen, tools, revision: toolsRevision(tools) };
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

function toolsRevision(tools: EffectiveTool[]): string {
  return createHash("sha256").update(JSON.stringify(tools.map(advertisedTool))).digest("hex").slice(0, 32);
}
