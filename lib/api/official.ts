import {
  officialEntrySchema, officialEnvironmentsSchema, officialListQuerySchema, officialListSchema, officialNameParamsSchema,
  officialVersionListSchema, officialVersionParamsSchema,
} from "../schemas/official";
import { toolListQuerySchema, toolListSchema } from "../schemas/tools";
import { readOperation } from "./operation";
import { BAD_REQUEST, NOT_FOUND } from "./problem-responses";

const tag = "Official registry API";
/** DESIGN §13: IDE clients read these anonymously when PATCHBAY_PUBLIC_REGISTRY=true; a viewer token otherwise. */
const registryRead = { tag, publicWhen: "registry" } as const;

export const listOfficialServersOperation = readOperation({
  path: "/v0.1/servers", ...registryRead,
  summary: "The official MCP registry's list API (read-only): every server as server.json, paged by cursor; search matches name and description",
  query: officialListQuerySchema,
  responses: { 200: { description: "A page of entries", schema: officialListSchema }, ...BAD_REQUEST },
});

export const getOfficialServerOperation = readOperation({
  path: "/v0.1/servers/{name}/versions/latest", ...registryRead,
  summary: "One server as server.json with the registry's metadata",
  params: officialNameParamsSchema,
  responses: { 200: { description: "The entry", schema: officialEntrySchema }, ...NOT_FOUND },
});

export const listOfficialVersionsOperation = readOperation({
  path: "/v0.1/servers/{name}/versions", ...registryRead,
  summary: "Every version of one server (the distinct `version` values across its revisions), newest first; the current one has isLatest",
  params: officialNameParamsSchema,
  responses: { 200: { description: "The versions", schema: officialVersionListSchema }, ...NOT_FOUND },
});

export const getOfficialVersionOperation = readOperation({
  path: "/v0.1/servers/{name}/versions/{version}", ...registryRead,
  summary: "One version of one server, as it last stood",
  params: officialVersionParamsSchema,
  responses: { 200: { description: "The entry", schema: officialEntrySchema }, ...NOT_FOUND },
});

export const getOfficialEnvironmentsOperation = readOperation({
  path: "/v0.1/x/dev.patchbay/servers/{name}/environments", ...registryRead,
  summary: "Patchbay extension: the server's environments, each with its resolved URL (masked as for viewers) and its health there",
  params: officialNameParamsSchema,
  responses: { 200: { description: "The environments", schema: officialEnvironmentsSchema }, ...NOT_FOUND },
});

export const getOfficialToolsOperation = readOperation({
  path: "/v0.1/x/dev.patchbay/tools", ...registryRead,
  summary: "Patchbay extension: the tool catalog (DESIGN §11) — every server's tools, searched by name, title and description, a page at a time",
  query: toolListQuerySchema,
  responses: { 200: { description: "A page of tools", schema: toolListSchema }, ...BAD_REQUEST },
});
