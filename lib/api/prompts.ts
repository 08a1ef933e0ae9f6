import { z } from "zod";

import { promptDriftEventsSchema, serverPromptsSchema } from "../schemas/prompts";
import { serverNameParamsSchema } from "../schemas/server-query";
import { pinBodySchema, serverToolsQuerySchema } from "../schemas/tools";
import { defineOperation, readOperation } from "./operation";
import { BAD_REQUEST, NOT_FOUND, UNRESOLVABLE } from "./problem-responses";

const tag = "Prompts";
const params = serverNameParamsSchema;

export const getServerPromptsOperation = readOperation({
  path: "/api/mcp-servers/{name}/prompts", tag, params, query: serverToolsQuerySchema,
  summary: "The server's prompts in one environment (default: the registry's own), as its last successful probe listed them when it declares the prompts capability: their fingerprints, the promptset's, the pin, the drift against the pin (added, removed, changed with the fields and both definitions), and why the last prompts/list failed when it did (DESIGN §16: fingerprinted and pinned like tools)",
  responses: { 200: { description: "The prompts", schema: serverPromptsSchema }, ...BAD_REQUEST, ...NOT_FOUND },
});

export const listPromptDriftEventsOperation = readOperation({
  path: "/api/mcp-servers/{name}/prompts/drift", tag, params,
  summary: "Prompt drift events, newest first: one per newly seen promptset that differs from the pin",
  responses: { 200: { description: "Drift events", schema: promptDriftEventsSchema }, ...NOT_FOUND },
});

export const pinPromptsOperation = defineOperation({
  method: "POST", path: "/api/mcp-servers/{name}/prompts/pin", tag, role: "editor", params, body: pinBodySchema,
  summary: "Pin the prompts the last successful probe of the environment listed (default: the registry's own); clears their drift; recorded in the audit",
  responses: {
    200: {
      description: "The new pin",
      schema: z.object({ environment: z.string(), pinned_fingerprint: z.string(), pinned_by: z.string(), pinned_at: z.iso.datetime() }),
    },
    ...BAD_REQUEST, ...NOT_FOUND, ...UNRESOLVABLE,
  },
});
