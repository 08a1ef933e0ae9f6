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
import { jsonObjectSchema } from "../schemas/common";
import { documentGetQuerySchema, documentListQuerySchema, documentNameParamsSchema } from "../schemas/document";
import { fieldErrorSchema } from "../schemas/server-output";
import { forceQuerySchema, keepSecretsQuerySchema } from "../schemas/server-query";
import { effectiveToolsSchema } from "../schemas/effective-tools";
import { healthEnvironmentQuerySchema } from "../schemas/health";
import { defineOperation } from "./operation";
import { revisionOperations } from "./revision-operations";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, PRECONDITION_FAILED, UNRESOLVABLE, WRITE_ERRORS } from "./problem-responses";

const tag = "Agents";
const params = documentNameParamsSchema;
const oneAgent = z.object({ agent: storedAgentSchema, warnings: z.array(fieldErrorSchema) });
const SAVE_ERRORS = { ...WRITE_ERRORS, ...UNRESOLVABLE };
const RESOLVE_ERRORS = { ...NOT_FOUND, 409: { ...CONFLICT[409], description: "One alias defined in several places" }, ...UNRESOLVABLE };

export const listAgentsOperation = defineOperation({
  method: "GET", path: "/api/agents", tag, role: "viewer",
  summary: "List agents, filtered by tags (all of) and search; paged by cursor",
  query: documentListQuerySchema,
  responses: { 200: { description: "A page of summaries", schema: agentListSchema }, ...BAD_REQUEST },
});

export const createAgentOperation = defineOperation({
  method: "POST", path: "/api/agents", tag, role: "editor",
  summary: "Create an agent; 422 naming any capability or server that does not exist",
  body: agentBodySchema,
  responses: { 201: { description: "Created; Location and ETag set", schema: oneAgent }, ...SAVE_ERRORS },
});

export const getAgentOperation = defineOperation({
  method: "GET", path: "/api/agents/{name}", tag, role: "viewer", params,
  summary: "The agent's blueprint: mcp_servers resolved for ?environment= (422 when unresolvable); ?raw=true as stored",
  query: documentGetQuerySchema,
  responses: { 200: { description: "The blueprint, or the agent as stored", schema: z.union([blueprintSchema, oneAgent]) }, ...RESOLVE_ERRORS },
});

export const blueprintOperation = defineOperation({
  method: "POST", path: "/api/agents/{name}/blueprint", tag, role: "viewer", params, rateLimit: "none",
  summary: "Resolve with run-time parameters (by alias) and context; ?format=claude|cursor|vscode gives that client's config file",
  query: blueprintQuerySchema,
  body: blueprintBodySchema,
  responses: { 200: { description: "The blueprint, or a client config file", schema: z.union([blueprintSchema, clientFileSchema]) }, ...BAD_REQUEST, ...RESOLVE_ERRORS },
});

export const replaceAgentOperation = defineOperation({
  method: "PUT", path: "/api/agents/{name}", tag, role: "editor", params,
  summary: "Replace an agent (a different name renames it); honours If-Match; 409 secret-destination-changed when an inline config's literal secrets would move",
  query: keepSecretsQuerySchema,
  body: agentBodySchema,
  responses: { 200: { description: "The stored agent", schema: oneAgent }, ...SAVE_ERRORS },
});

export const patchAgentOperation = defineOperation({
  method: "PATCH", path: "/api/agents/{name}", tag, role: "editor", params,
  summary: "Partial update as a JSON merge patch (null removes a field or alias); honours If-Match; 409 secret-destination-changed when an inline config's literal secrets would move",
  query: keepSecretsQuerySchema,
  body: jsonObjectSchema,
  responses: { 200: { description: "The stored agent", schema: oneAgent }, ...SAVE_ERRORS },
});

export const deleteAgentOperation = defineOperation({
  method: "DELETE", path: "/api/agents/{name}", tag, role: "editor", params,
  summary: "Delete an agent",
  query: forceQuerySchema,
  responses: { 204: { description: "Deleted" }, ...NOT_FOUND, ...PRECONDITION_FAILED },
});

export const adoptAgentInlineOperation = defineOperation({
  method: "POST", path: "/api/agents/{name}/adopt-inline", tag, role: "editor", params,
  summary: "Move every legacy inline config of the agent into the registry and reference it by name, in one transaction",
  responses: {
    200: { description: "The rewritten agent and the servers created", schema: oneAgent.safeExtend({ created: z.array(z.string()) }) },
    ...NOT_FOUND, ...CONFLICT, ...PRECONDITION_FAILED, ...UNRESOLVABLE,
  },
});

const revisions = revisionOperations(tag, "/api/agents", params, "agent", { schema: oneAgent, errors: SAVE_ERRORS });
export const listAgentRevisionsOperation = revisions.list;
export const getAgentRevisionOperation = revisions.get;
export const restoreAgentRevisionOperation = defineOperation({ ...revisions.restore, query: keepSecretsQuerySchema });

export const agentToolsOperation = defineOperation({
  method: "GET", path: "/api/agents/{name}/tools", tag, role: "viewer", params,
  summary: "The union of the agent's capabilities' tools and its own references' tools, with where each comes from; a name claimed twice is an error naming both places",
  query: healthEnvironmentQuerySchema,
  responses: { 200: { description: "The effective tools, and what could not be resolved", schema: effectiveToolsSchema }, ...BAD_REQUEST, ...NOT_FOUND },
});
