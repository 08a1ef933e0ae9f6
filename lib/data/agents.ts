import type { Visibility } from "../auth/visibility";
import { maskInlineSecrets } from "../resolve/inline-secrets";
import { inlineWarnings } from "../resolve/references";
import { agentInputSchema, type AgentInput } from "../schemas/agent";
import type { DocumentListQuery } from "../schemas/document";
import { listDocuments } from "./document-list";
import { toAgentSummary } from "./document-summary";
import { documentOperations, documentSpec } from "./documents";
import { capabilityTargetsOf, serverTargetsOf } from "./references";

/** Nothing references an agent, so it has no `usersOf`: delete and rename are never refused for that. */
export const agentSpec = documentSpec<AgentInput>({
  kind: "agent",
  noun: "Agent",
  schema: agentInputSchema,
  targetsOf: (agent) => [...capabilityTargetsOf(agent.capabilities), ...serverTargetsOf(agent.mcp_servers)],
});

/** Every single-agent response as stored: the agent, beside warnings for its own inline configs. */
export function toAgentBody(agent: AgentInput, { canReadSecrets }: Visibility) {
  return { agent: canReadSecrets ? agent : maskInlineSecrets(agent), warnings: inlineWarnings(agent.mcp_servers, `agent ${agent.name}`) };
}

export async function listAgents(query: DocumentListQuery) {
  const { page, next_cursor } = await listDocuments<AgentInput>("agent", query);
  return { agents: page.map(toAgentSummary), next_cursor };
}

export const {
  get: getRawAgent, create: createAgent, replace: replaceAgent, patch: patchAgent, remove: deleteAgent,
  listRevisions: listAgentRevisions, getRevision: getAgentRevision, restoreRevision: restoreAgentRevision,
} = documentOperations(agentSpec);
