import type { Visibility } from "../auth/visibility";
import { maskInlineSecrets } from "../resolve/inline-secrets";
import { inlineWarnings } from "../resolve/references";
import { agentInputSchema, type AgentInput } from "../schemas/agent";
import type { DocumentListQuery } from "../schemas/document";
import { listDocuments } from "./document-list";
import { toAgentSummary } from "./document-summary";
import {
  createDocument,
  deleteDocument,
  getDocument,
  getDocumentRevision,
  listDocumentRevisions,
  patchDocument,
  replaceDocument,
  restoreDocumentRevision,
  type DocumentSpec,
} from "./documents";
import { capabilityTargetsOf, serverTargetsOf } from "./references";
import type { WriteOptions } from "./servers";

/** Nothing references an agent, so it has no `usersOf`: delete and rename are never refused for that. */
export const agentSpec: DocumentSpec<AgentInput> = {
  kind: "agent",
  noun: "Agent",
  schema: agentInputSchema,
  targetsOf: (agent) => [...capabilityTargetsOf(agent.capabilities), ...serverTargetsOf(agent.mcp_servers)],
};

/** Every single-agent response as stored: the agent, beside warnings for its own inline configs. */
export function toAgentBody(agent: AgentInput, { canReadSecrets }: Visibility) {
  return { agent: canReadSecrets ? agent : maskInlineSecrets(agent), warnings: inlineWarnings(agent.mcp_servers, `agent ${agent.name}`) };
}

export async function listAgents(query: DocumentListQuery) {
  const { page, next_cursor } = await listDocuments<AgentInput>("agent", query);
  return { agents: page.map(toAgentSummary), next_cursor };
}

export async function getRawAgent(name: string) {
  const { id: _id, ...agent } = await getDocument(agentSpec, name);
  return agent;
}

export const createAgent = (input: AgentInput, options: WriteOptions) => createDocument(agentSpec, input, options);
export const replaceAgent = (name: string, input: AgentInput, options: WriteOptions) => replaceDocument(agentSpec, name, input, options);
export const patchAgent = (name: string, patch: Record<string, unknown>, options: WriteOptions) => patchDocument(agentSpec, name, patch, options);
export const deleteAgent = (name: string, options: WriteOptions & { force: boolean }) => deleteDocument(agentSpec, name, options);
export const listAgentRevisions = (name: string) => listDocumentRevisions(agentSpec, name);
export async function getAgentRevision(name: string, revision: number, { canReadSecrets }: Visibility) {
  const found = await getDocumentRevision(agentSpec, name, revision);
  return canReadSecrets ? found : { ...found, snapshot: maskInlineSecrets(found.snapshot) };
}
export const restoreAgentRevision = (name: string, revision: number, options: WriteOptions) =>
  restoreDocumentRevision(agentSpec, name, revision, options);
