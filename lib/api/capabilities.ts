import { z } from "zod";

import { jsonObjectSchema } from "../schemas/common";
import { capabilityBodySchema, capabilityListSchema, storedCapabilitySchema } from "../schemas/capability";
import { documentListQuerySchema, documentNameParamsSchema } from "../schemas/document";
import { fieldErrorSchema } from "../schemas/server-output";
import { forceQuerySchema, keepSecretsQuerySchema } from "../schemas/server-query";
import { usedBySchema } from "../schemas/used-by";
import { effectiveToolsSchema } from "../schemas/effective-tools";
import { healthEnvironmentQuerySchema } from "../schemas/health";
import { defineOperation } from "./operation";
import { revisionOperations } from "./revision-operations";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, PRECONDITION_FAILED, UNRESOLVABLE, WRITE_ERRORS } from "./problem-responses";

const tag = "Capabilities";
const params = documentNameParamsSchema;
const oneCapability = z.object({ capability: storedCapabilitySchema, warnings: z.array(fieldErrorSchema) });
const SAVE_ERRORS = { ...WRITE_ERRORS, ...UNRESOLVABLE };

export const listCapabilitiesOperation = defineOperation({
  method: "GET", path: "/api/capabilities", tag, role: "viewer",
  summary: "List capabilities, filtered by tags (all of) and search; paged by cursor",
  query: documentListQuerySchema,
  responses: { 200: { description: "A page of summaries", schema: capabilityListSchema }, ...BAD_REQUEST },
});

export const createCapabilityOperation = defineOperation({
  method: "POST", path: "/api/capabilities", tag, role: "editor",
  summary: "Create a capability; 422 naming any referenced server that does not exist",
  body: capabilityBodySchema,
  responses: { 201: { description: "Created; Location and ETag set", schema: oneCapability }, ...SAVE_ERRORS },
});

export const getCapabilityOperation = defineOperation({
  method: "GET", path: "/api/capabilities/{name}", tag, role: "viewer", params,
  summary: "One capability as stored; mcp_servers exactly as entered",
  responses: { 200: { description: "The capability", schema: oneCapability }, ...NOT_FOUND },
});

export const replaceCapabilityOperation = defineOperation({
  method: "PUT", path: "/api/capabilities/{name}", tag, role: "editor", params,
  summary: "Replace a capability (a different name renames it, refused while agents use it); honours If-Match; 409 secret-destination-changed when an inline config's literal secrets would move",
  query: keepSecretsQuerySchema,
  body: capabilityBodySchema,
  responses: { 200: { description: "The stored capability", schema: oneCapability }, ...SAVE_ERRORS },
});

export const patchCapabilityOperation = defineOperation({
  method: "PATCH", path: "/api/capabilities/{name}", tag, role: "editor", params,
  summary: "Partial update as a JSON merge patch (null removes a field or alias); honours If-Match; 409 secret-destination-changed when an inline config's literal secrets would move",
  query: keepSecretsQuerySchema,
  body: jsonObjectSchema,
  responses: { 200: { description: "The stored capability", schema: oneCapability }, ...SAVE_ERRORS },
});

export const deleteCapabilityOperation = defineOperation({
  method: "DELETE", path: "/api/capabilities/{name}", tag, role: "editor", params,
  summary: "Delete a capability; 409 with used_by while agents use it, unless ?force=true",
  query: forceQuerySchema,
  responses: { 204: { description: "Deleted" }, ...NOT_FOUND, ...CONFLICT, ...PRECONDITION_FAILED },
});

export const capabilityUsedByOperation = defineOperation({
  method: "GET", path: "/api/capabilities/{name}/used-by", tag, role: "viewer", params,
  summary: "The agents that use the capability, in the used-by shape of a server",
  responses: { 200: { description: "Who uses it", schema: usedBySchema }, ...NOT_FOUND },
});

export const adoptInlineOperation = defineOperation({
  method: "POST", path: "/api/capabilities/{name}/adopt-inline", tag, role: "editor", params,
  summary: "Move every legacy inline config into the registry and reference it by name, in one transaction",
  responses: {
    200: { description: "The rewritten capability and the servers created", schema: oneCapability.safeExtend({ created: z.array(z.string()) }) },
    ...NOT_FOUND, ...CONFLICT, ...PRECONDITION_FAILED, ...UNRESOLVABLE,
  },
});

const revisions = revisionOperations(tag, "/api/capabilities", params, "capability", { schema: oneCapability, errors: SAVE_ERRORS });
export const listCapabilityRevisionsOperation = revisions.list;
export const getCapabilityRevisionOperation = revisions.get;
export const restoreCapabilityRevisionOperation = defineOperation({ ...revisions.restore, query: keepSecretsQuerySchema });

export const capabilityToolsOperation = defineOperation({
  method: "GET", path: "/api/capabilities/{name}/tools", tag, role: "viewer", params,
  summary: "The tools the capability exposes (include globs, virtual tools down their source chains) with the server and upstream tool each comes from; hidden default keys, never values",
  query: healthEnvironmentQuerySchema,
  responses: { 200: { description: "The effective tools, and what could not be resolved", schema: effectiveToolsSchema }, ...BAD_REQUEST, ...NOT_FOUND },
});

// Editor, as GET /api/export: the referenced servers' definitions ride along, literal secrets typed into them included.
export const exportCapabilityOperation = defineOperation({
  method: "GET", path: "/api/capabilities/{name}/export", tag, role: "editor", params,
  summary: "The capability and the servers it references in another format: `unified` (seed 004), which POST /api/import?capability= takes back",
  query: z.strictObject({ format: z.enum(["unified"]).describe("the seed 004 unified registry") }),
  responses: {
    200: {
      description: "A unified registry: servers, base tools (declared tools include admits), virtual tools",
      schema: z.object({ schemaVersion: z.literal("1.0"), servers: z.array(jsonObjectSchema), tools: z.array(jsonObjectSchema) }),
    },
    ...BAD_REQUEST, ...NOT_FOUND,
  },
});
