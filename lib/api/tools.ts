import { serverNameParamsSchema } from "../schemas/server-query";
import {
  driftEventsSchema,
  pinBodySchema,
  serverToolsQuerySchema,
  serverToolsSchema,
  toolListQuerySchema,
  toolListSchema,
} from "../schemas/tools";
import { z } from "zod";
import { defineOperation, readOperation } from "./operation";
import { BAD_REQUEST, NOT_FOUND, UNRESOLVABLE } from "./problem-responses";

const tag = "Tools";
const params = serverNameParamsSchema;

export const listToolsOperation = readOperation({
  path: "/api/tools", tag, query: toolListQuerySchema,
  summary: "The tool catalog: every tool a probe discovered, per server and environment, and every tool a definition declares (`source: \"declared\"`, `environment: null`, never pinned or drifted), sorted by name (UTF-16 code units), then server and environment. A declared tool shows unless a probe discovered that name on its server in the environment asked for (any environment when none is): then it shows once, as discovered. Search covers name, title and description, case-insensitive. Annotations are as declared by the server: untrusted",
  responses: { 200: { description: "A page of tools", schema: toolListSchema }, ...BAD_REQUEST },
});

export const getServerToolsOperation = readOperation({
  path: "/api/mcp-servers/{name}/tools", tag, params, query: serverToolsQuerySchema,
  summary: "The server's toolset in one environment (default: the registry's own): its fingerprint, the pin, the drift against the pin (added, removed, changed with the fields and both definitions), and the tools — discovered beside declared (`source`), a declared name a probe discovered there showing once, as discovered (GET /api/tools's rule)",
  responses: { 200: { description: "The toolset", schema: serverToolsSchema }, ...BAD_REQUEST, ...NOT_FOUND },
});

export const listDriftEventsOperation = readOperation({
  path: "/api/mcp-servers/{name}/tools/drift", tag, params,
  summary: "Drift events, newest first: one per newly seen toolset that differs from the pin. `tool_policy.on_drift` is stored and reported here and in the log; hiding drifted tools (`require_approval`, `block`) is the call pipeline's drift gate (gateway, /api/invoke, the editor's call)",
  responses: { 200: { description: "Drift events", schema: driftEventsSchema }, ...NOT_FOUND },
});

export const pinToolsOperation = defineOperation({
  method: "POST", path: "/api/mcp-servers/{name}/tools/pin", tag, role: "editor", params, body: pinBodySchema,
  summary: "Pin the toolset the last successful probe of the environment saw (default: the registry's own); clears its drift; recorded in the audit",
  responses: {
    200: {
      description: "The new pin",
      schema: z.object({ environment: z.string(), pinned_fingerprint: z.string(), pinned_by: z.string(), pinned_at: z.iso.datetime() }),
    },
    ...BAD_REQUEST, ...NOT_FOUND, ...UNRESOLVABLE,
  },
});
