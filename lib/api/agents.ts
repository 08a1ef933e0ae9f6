import { z } from "zod";

import {
  agentBodySchema,
  agentListSchema,
  blueprintBodySchema,
  blueprintQuerySchema,
  blueprintSchema,
  clientFileSchema,
  storedAgentSchema,
} from "../schemas/agent";
import { documentGetQuerySchema, documentListQuerySchema, documentNameParamsSchema } from "../schemas/document";
import { fieldErrorSchema } from "../schemas/server-output";
import { keepSecretsQuerySchema } from "../schemas/server-query";
import { healthEnvironmentQuerySchema } from "../schemas/health";
import { crudOperations } from "./crud-operations";
import { adoptedResponses, EFFECTIVE_TOOLS_RESPONSES, targetOfferingOperations } from "./document-responses";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, PRECONDITION_FAILED, UNRESOLVABLE, WRITE_ERRORS } from "./problem-responses";

const oneAgent = z.object({ agent: storedAgentSchema, warnings: z.array(fieldErrorSchema) });
const RESOLVE_ERRORS = { ...NOT_FOUND, 409: { ...CONFLICT[409], description: "One alias defined in several places" }, ...UNRESOLVABLE };
const agents = crudOperations({
  tag: "Agents", collection: "/api/agents", params: documentNameParamsSchema, noun: "agent",
  stored: oneAgent, writeErrors: { ...WRITE_ERRORS, ...UNRESOLVABLE }, overwriteQuery: keepSecretsQuerySchema,
});

export const listAgentsOperation = agents.list({
  summary: "List agents, filtered by tags (all of) and search; paged by cursor",
  query: documentListQuerySchema, schema: agentListSchema,
});

export const createAgentOperation = agents.create({
  summary: "Create an agent; 422 naming any capability or server that does not exist; 409 secret-destination-changed when (for a writer who may not read secrets) a reference's parameters would send a server's secrets to another origin",
  body: agentBodySchema,
});

export const getAgentOperation = agents.get({
  summary: "The agent's blueprint: mcp_servers resolved for ?environment= (422 when unresolvable); ?raw=true as stored",
  query: documentGetQuerySchema,
  description: "The blueprint, or the agent as stored", schema: z.union([blueprintSchema, oneAgent]), errors: RESOLVE_ERRORS,
});

export const blueprintOperation = agents.action("POST", "/blueprint", {
  summary: "Resolve with run-time parameters (by alias) and context; ?format=claude|cursor|vscode gives that client's config file",
  role: "viewer", rateLimit: "none", query: blueprintQuerySchema, body: blueprintBodySchema,
}, { 200: { description: "The blueprint, or a client config file", schema: z.union([blueprintSchema, clientFileSchema]) }, ...BAD_REQUEST, ...RESOLVE_ERRORS });

export const replaceAgentOperation = agents.replace({
  summary: "Replace an agent (a different name renames it); honours If-Match; 409 secret-destination-changed when an inline config's literal secrets would move, or (for a writer who may not read secrets) when a reference's parameters would send a server's secrets to another origin",
  body: agentBodySchema,
});

export const patchAgentOperation = agents.patch({
  summary: "Partial update as a JSON merge patch (null removes a field or alias); honours If-Match; 409 secret-destination-changed when an inline config's literal secrets would move, or (for a writer who may not read secrets) when a reference's parameters would send a server's secrets to another origin",
});

export const deleteAgentOperation = agents.delete({ summary: "Delete an agent", errors: { ...NOT_FOUND, ...PRECONDITION_FAILED } });

export const adoptAgentInlineOperation = agents.action("POST", "/adopt-inline", {
  summary: "Move every legacy inline config of the agent into the registry and reference it by name, in one transaction",
}, adoptedResponses(oneAgent, "agent"));

const revisions = agents.revisions();
export const listAgentRevisionsOperation = revisions.list;
export const getAgentRevisionOperation = revisions.get;
export const restoreAgentRevisionOperation = revisions.restore;

export const agentToolsOperation = agents.action("GET", "/tools", {
  summary: "The union of the agent's capabilities' tools and its own references' tools, with where each comes from; a name claimed twice is an error naming both places",
  query: healthEnvironmentQuerySchema,
}, EFFECTIVE_TOOLS_RESPONSES);

const offerings = targetOfferingOperations(agents, "agent");
export const agentPromptsOperation = offerings.prompts;
export const agentResourcesOperation = offerings.resources;
