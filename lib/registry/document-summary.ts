import { parseReferences } from "../resolve/references";
import type { AgentInput, AgentSummary } from "../schemas/agent";
import type { CapabilityInput, CapabilitySummary } from "../schemas/capability";
import type { McpServerReferences } from "../schemas/reference";

export function toCapabilitySummary({ definition, modifiedAt }: { definition: CapabilityInput; modifiedAt: Date }): CapabilitySummary {
  return {
    name: definition.name,
    description: definition.description,
    tags: definition.tags ?? [],
    ...referenceSummaryOf(definition.mcp_servers),
    modified_at: modifiedAt.toISOString(),
  };
}

export function toAgentSummary({ definition, modifiedAt }: { definition: AgentInput; modifiedAt: Date }): AgentSummary {
  return {
    name: definition.name,
    description: definition.description,
    tags: definition.tags ?? [],
    capabilities: definition.capabilities ?? [],
    ...referenceSummaryOf(definition.mcp_servers),
    modified_at: modifiedAt.toISOString(),
  };
}

function referenceSummaryOf(mcpServers: McpServerReferences | undefined) {
  const parsed = parseReferences(mcpServers);
  const references = parsed.map((reference) => ({
    alias: reference.alias,
    server: reference.kind === "server" ? reference.server : null,
  }));
  return { server_count: references.length, references, has_inline: parsed.some((reference) => reference.kind === "inline") };
}
