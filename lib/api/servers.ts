import { z } from "zod";

import { jsonObjectSchema } from "../schemas/common";
import { nameAvailabilitySchema } from "../schemas/name-availability";
import { usedBySchema } from "../schemas/used-by";
import { serverBodySchema } from "../schemas/server";
import {
  fieldErrorSchema,
  resolvedServerSchema,
  serverListSchema,
  storedServerSchema,
  validationResultSchema,
} from "../schemas/server-output";
import {
  forceQuerySchema,
  keepSecretsQuerySchema,
  serverGetQuerySchema,
  serverListQuerySchema,
  serverNameParamsSchema,
  validateBodySchema,
} from "../schemas/server-query";
import { defineOperation } from "./operation";
import { revisionOperations } from "./revision-operations";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, WRITE_ERRORS } from "./problem-responses";

const tag = "MCP servers";
const params = serverNameParamsSchema;
const oneServer = z.object({ mcp_server: storedServerSchema });

export const listServersOperation = defineOperation({
  method: "GET", path: "/api/mcp-servers", tag, role: "viewer",
  summary: "List servers, filtered by tags (all of), search, transport, provides and health; paged by cursor",
  query: serverListQuerySchema,
  responses: { 200: { description: "A page of summaries", schema: serverListSchema }, ...BAD_REQUEST },
});

export const createServerOperation = defineOperation({
  method: "POST", path: "/api/mcp-servers", tag, role: "editor",
  summary: "Create a server",
  body: serverBodySchema,
  responses: { 201: { description: "Created; Location and ETag set", schema: oneServer }, ...WRITE_ERRORS },
});

export const getServerOperation = defineOperation({
  method: "GET", path: "/api/mcp-servers/{name}", tag, role: "viewer", params,
  summary: "One server, transport resolved for ?environment= (registry values masked); ?raw=true as stored",
  query: serverGetQuerySchema,
  responses: {
    200: { description: "The server", schema: z.object({ mcp_server: z.union([resolvedServerSchema, storedServerSchema]), warnings: z.array(fieldErrorSchema).optional() }) },
    ...NOT_FOUND,
  },
});

export const replaceServerOperation = defineOperation({
  method: "PUT", path: "/api/mcp-servers/{name}", tag, role: "editor", params,
  summary: "Replace a server (a different name renames it); honours If-Match; 409 secret-destination-changed when literal secrets would move",
  query: keepSecretsQuerySchema,
  body: serverBodySchema,
  responses: { 200: { description: "The stored server", schema: oneServer }, ...WRITE_ERRORS },
});

export const patchServerOperation = defineOperation({
  method: "PATCH", path: "/api/mcp-servers/{name}", tag, role: "editor", params,
  summary: "Partial update as a JSON merge patch (null removes a field); honours If-Match; 409 secret-destination-changed when literal secrets would move",
  query: keepSecretsQuerySchema,
  body: jsonObjectSchema,
  responses: { 200: { description: "The stored server", schema: oneServer }, ...WRITE_ERRORS },
});

export const deleteServerOperation = defineOperation({
  method: "DELETE", path: "/api/mcp-servers/{name}", tag, role: "editor", params,
  summary: "Delete a server; 409 with used_by while referenced, unless ?force=true",
  query: forceQuerySchema,
  responses: { 204: { description: "Deleted" }, ...NOT_FOUND, ...CONFLICT },
});

export const validateServerOperation = defineOperation({
  method: "POST", path: "/api/mcp-servers/{name}/validate", tag, role: "viewer", params, rateLimit: "none",
  summary: "Resolve with parameters for an environment; valid:false with errors when they do not fit the schema",
  body: validateBodySchema,
  responses: { 200: { description: "The result", schema: validationResultSchema }, ...BAD_REQUEST, ...NOT_FOUND },
});

export const serverUsedByOperation = defineOperation({
  method: "GET", path: "/api/mcp-servers/{name}/used-by", tag, role: "viewer", params,
  summary: "Capabilities that reference the server, and agents that do directly or via a capability",
  responses: { 200: { description: "Who references it", schema: usedBySchema }, ...NOT_FOUND },
});

export const serverNameAvailabilityOperation = defineOperation({
  method: "GET", path: "/api/mcp-servers/{name}/availability", tag, role: "viewer", params,
  summary: "May a new server take this name? 200 either way: available, or why not (taken, or the rule it breaks)",
  responses: { 200: { description: "The answer", schema: nameAvailabilitySchema } },
});

const revisions = revisionOperations(tag, "/api/mcp-servers", params, "server", { schema: oneServer, errors: WRITE_ERRORS });
export const listServerRevisionsOperation = revisions.list;
export const getServerRevisionOperation = revisions.get;
export const restoreServerRevisionOperation = defineOperation({ ...revisions.restore, query: keepSecretsQuerySchema });
