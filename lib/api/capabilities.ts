import { z } from "zod";

import { jsonObjectSchema } from "../schemas/common";
import { capabilityBodySchema, capabilityListSchema, storedCapabilitySchema } from "../schemas/capability";
import { documentListQuerySchema, documentNameParamsSchema } from "../schemas/document";
import { fieldErrorSchema } from "../schemas/server-output";
import { keepSecretsQuerySchema } from "../schemas/server-query";
import { usedBySchema } from "../schemas/used-by";
import { healthEnvironmentQuerySchema } from "../schemas/health";
import { crudOperations } from "./crud-operations";
import { adoptedResponses, EFFECTIVE_TOOLS_RESPONSES, targetOfferingOperations } from "./document-responses";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, PRECONDITION_FAILED, UNRESOLVABLE, WRITE_ERRORS } from "./problem-responses";

const oneCapability = z.object({ capability: storedCapabilitySchema, warnings: z.array(fieldErrorSchema) });
const capabilities = crudOperations({
  tag: "Capabilities", collection: "/api/capabilities", params: documentNameParamsSchema, noun: "capability",
  stored: oneCapability, writeErrors: { ...WRITE_ERRORS, ...UNRESOLVABLE }, overwriteQuery: keepSecretsQuerySchema,
});

export const listCapabilitiesOperation = capabilities.list({
  summary: "List capabilities, filtered by tags (all of) and search; paged by cursor",
  query: documentListQuerySchema, schema: capabilityListSchema,
});

export const createCapabilityOperation = capabilities.create({
  summary: "Create a capability; 422 naming any referenced server that does not exist; 409 secret-destination-changed when (for a writer who may not read secrets) a reference's parameters would send a server's secrets to another origin",
  body: capabilityBodySchema,
});

export const getCapabilityOperation = capabilities.get({ summary: "One capability as stored; mcp_servers exactly as entered" });

export const replaceCapabilityOperation = capabilities.replace({
  summary: "Replace a capability (a different name renames it, refused while agents use it); honours If-Match; 409 secret-destination-changed when an inline config's literal secrets would move, or (for a writer who may not read secrets) when a reference's parameters would send a server's secrets to another origin",
  body: capabilityBodySchema,
});

export const patchCapabilityOperation = capabilities.patch({
  summary: "Partial update as a JSON merge patch (null removes a field or alias); honours If-Match; 409 secret-destination-changed when an inline config's literal secrets would move, or (for a writer who may not read secrets) when a reference's parameters would send a server's secrets to another origin",
});

export const deleteCapabilityOperation = capabilities.delete({
  summary: "Delete a capability; 409 with used_by while agents use it, unless ?force=true",
  errors: { ...NOT_FOUND, ...CONFLICT, ...PRECONDITION_FAILED },
});

export const capabilityUsedByOperation = capabilities.action("GET", "/used-by", {
  summary: "The agents that use the capability, in the used-by shape of a server",
}, { 200: { description: "Who uses it", schema: usedBySchema }, ...NOT_FOUND });

export const adoptInlineOperation = capabilities.action("POST", "/adopt-inline", {
  summary: "Move every legacy inline config into the registry and reference it by name, in one transaction",
}, adoptedResponses(oneCapability, "capability"));

const revisions = capabilities.revisions();
export const listCapabilityRevisionsOperation = revisions.list;
export const getCapabilityRevisionOperation = revisions.get;
export const restoreCapabilityRevisionOperation = revisions.restore;

export const capabilityToolsOperation = capabilities.action("GET", "/tools", {
  summary: "The tools the capability exposes (include globs, virtual tools down their source chains) with the server and upstream tool each comes from; hidden default keys, never values",
  query: healthEnvironmentQuerySchema,
}, EFFECTIVE_TOOLS_RESPONSES);

// Editor, as GET /api/export: the referenced servers' definitions ride along, literal secrets typed into them included.
export const exportCapabilityOperation = capabilities.action("GET", "/export", {
  summary: "The capability and the servers it references in another format: `unified` (seed 004), which POST /api/import?capability= takes back",
  role: "editor",
  query: z.strictObject({ format: z.enum(["unified"]).describe("the seed 004 unified registry") }),
}, {
  200: {
    description: "A unified registry: servers, base tools (declared tools include admits), virtual tools",
    schema: z.object({ schemaVersion: z.literal("1.0"), servers: z.array(jsonObjectSchema), tools: z.array(jsonObjectSchema) }),
  },
  ...BAD_REQUEST, ...NOT_FOUND,
});

const offerings = targetOfferingOperations(capabilities, "capability");
export const capabilityPromptsOperation = offerings.prompts;
export const capabilityResourcesOperation = offerings.resources;
