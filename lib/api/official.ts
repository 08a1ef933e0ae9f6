import { officialEntrySchema, officialListQuerySchema, officialListSchema, officialNameParamsSchema } from "../schemas/official";
import { defineOperation } from "./operation";
import { BAD_REQUEST, NOT_FOUND } from "./problem-responses";

const tag = "Official registry API";

export const listOfficialServersOperation = defineOperation({
  method: "GET", path: "/v0.1/servers", tag, role: "viewer",
  summary: "The official MCP registry's list API (read-only): every server as server.json, paged by cursor",
  query: officialListQuerySchema,
  responses: { 200: { description: "A page of entries", schema: officialListSchema }, ...BAD_REQUEST },
});

export const getOfficialServerOperation = defineOperation({
  method: "GET", path: "/v0.1/servers/{name}/versions/latest", tag, role: "viewer",
  summary: "One server as server.json with the registry's metadata",
  params: officialNameParamsSchema,
  responses: { 200: { description: "The entry", schema: officialEntrySchema }, ...NOT_FOUND },
});
