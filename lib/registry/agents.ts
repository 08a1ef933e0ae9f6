import { agentWriteSchema, type AgentInput } from "../schemas/agent";
import { toAgentSummary } from "./document-summary";
import { documentOperations, documentSpec } from "./documents";
import { capabilityTargetsOf, serverTargetsOf } from "./references";

/** Nothing references an agent, so it has no `usersOf`: delete and rename are never refused for that. */
export const agentSpec = documentSpec<AgentInput>({
  kind: "agent",
  noun: "Agent",
  schema: agentWriteSchema,
  targetsOf: (agent) => [...capabilityTargetsOf(agent.capabilities), ...serverTargetsOf(agent.mcp_servers)],
});

/** `toAgentBody`: every single-agent response as stored, the agent beside warnings for its own inline configs. */
export const {
  get: getRawAgent, list: listAgents, toBody: toAgentBody,
  create: createAgent, replace: replaceAgent, patch: patchAgent, remove: deleteAgent,
  listRevisions: listAgentRevisions, getRevision: getAgentRevision, restoreRevision: restoreAgentRevision,
} = documentOperations(agentSpec, { key: "agent", listKey: "agents", toSummary: toAgentSummary });
