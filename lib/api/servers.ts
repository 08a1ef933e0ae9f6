import { z } from "zod";

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
  keepSecretsQuerySchema,
  serverGetQuerySchema,
  serverListQuerySchema,
  serverNameParamsSchema,
  validateBodySchema,
} from "../schemas/server-query";
import { crudOperations } from "./crud-operations";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, WRITE_ERRORS } from "./problem-responses";

/** `warnings`: `env` keys the server will be started without (proxy, loader and interpreter variables), each named. */
const oneServer = z.object({ mcp_server: storedServerSchema, warnings: z.array(fieldErrorSchema) });
const servers = crudOperations({
  tag: "MCP servers", collection: "/api/mcp-servers", params: serverNameParamsSchema, noun: "server",
  stored: oneServer, writeErrors: WRITE_ERRORS, overwriteQuery: keepSecretsQuerySchema,
});

export const listServersOperation = servers.list({
  summary: "List servers, filtered by tags (all of), search, transport, provides and health, ordered by sort; paged by cursor",
  query: serverListQuerySchema, schema: serverListSchema,
});

export const createServerOperation = servers.create({ summary: "Create a server", body: serverBodySchema });

export const getServerOperation = servers.get({
  summary: "One server, transport resolved for ?environment= (registry values masked); ?raw=true as stored",
  query: serverGetQuerySchema,
  schema: z.object({ mcp_server: z.union([resolvedServerSchema, storedServerSchema]), warnings: z.array(fieldErrorSchema).optional() }),
});

export const replaceServerOperation = servers.replace({
  summary: "Replace a server (a different name renames it); honours If-Match; 409 secret-destination-changed when literal secrets would move, or (for a writer who may not read secrets) when its ${VAR} secrets would follow a new origin, default or health_parameters",
  body: serverBodySchema,
});

export const patchServerOperation = servers.patch({
  summary: "Partial update as a JSON merge patch (null removes a field); honours If-Match; 409 secret-destination-changed when literal secrets would move, or (for a writer who may not read secrets) when its ${VAR} secrets would follow a new origin, default or health_parameters",
});

export const deleteServerOperation = servers.delete({
  summary: "Delete a server; 409 with used_by while referenced, unless ?force=true",
  errors: { ...NOT_FOUND, ...CONFLICT },
});

export const validateServerOperation = servers.action("POST", "/validate", {
  summary: "Resolve with parameters for an environment; valid:false with errors when they do not fit the schema",
  role: "viewer", rateLimit: "none", body: validateBodySchema,
}, { 200: { description: "The result", schema: validationResultSchema }, ...BAD_REQUEST, ...NOT_FOUND });

export const serverUsedByOperation = servers.action("GET", "/used-by", {
  summary: "Capabilities that reference the server, and agents that do directly or via a capability",
}, { 200: { description: "Who references it", schema: usedBySchema }, ...NOT_FOUND });

export const serverNameAvailabilityOperation = servers.action("GET", "/availability", {
  summary: "May a new server take this name? 200 either way: available, or why not (taken, or the rule it breaks)",
}, { 200: { description: "The answer", schema: nameAvailabilitySchema } });

const revisions = servers.revisions();
export const listServerRevisionsOperation = revisions.list;
export const getServerRevisionOperation = revisions.get;
export const restoreServerRevisionOperation = revisions.restore;
