import { z } from "zod";

import {
  approvalEventSchema,
  healthEnvironmentQuerySchema,
  healthEventSchema,
  healthResultSchema,
  serverHealthSchema,
  testBodySchema,
  testResultSchema,
  toolCallBodySchema,
  toolCallParamsSchema,
  toolCallResultSchema,
} from "../schemas/health";
import { serverNameParamsSchema } from "../schemas/server-query";
import { defineOperation, readOperation } from "./operation";
import { BAD_REQUEST, NOT_FOUND, problemSchema, SECRET_DESTINATION, UNRESOLVABLE } from "./problem-responses";

const tag = "Health";
const params = serverNameParamsSchema;
const TOO_MANY = { 429: { description: "Over the per-token budget of test connections and tool calls (Retry-After)", schema: problemSchema, contentType: "application/problem+json" } };

export const getServerHealthOperation = readOperation({
  path: "/api/mcp-servers/{name}/health", tag, params, query: healthEnvironmentQuerySchema,
  summary: "The latest health result R and the history of one environment (default: the registry's own), newest first (at most 100)",
  responses: { 200: { description: "Health", schema: serverHealthSchema }, ...NOT_FOUND },
});

export const checkServerHealthOperation = defineOperation({
  method: "POST", path: "/api/mcp-servers/{name}/health-check", tag, role: "editor", params, query: healthEnvironmentQuerySchema, rateLimit: "tests",
  summary: "Probe now, as the scheduler would (the body's environment, else `?environment=`, else the registry's own; the body's parameters, else health_parameters over schema defaults), and record the result under that environment",
  body: testBodySchema,
  bodyOptional: true,
  responses: { 200: { description: "The result R", schema: healthResultSchema }, ...BAD_REQUEST, ...NOT_FOUND, ...UNRESOLVABLE, ...TOO_MANY },
});

export const testServerOperation = defineOperation({
  method: "POST", path: "/api/mcp-servers/{name}/test", tag, role: "editor", params, query: healthEnvironmentQuerySchema, rateLimit: "tests",
  summary: "Live MCP handshake for an environment (body, else `?environment=`) with parameters; recorded under that environment like every probe. Refused addresses and stdio commands give `skipped` without connecting",
  body: testBodySchema,
  bodyOptional: true,
  responses: {
    200: { description: "R plus the tools the server lists", schema: testResultSchema },
    ...BAD_REQUEST, ...NOT_FOUND, ...SECRET_DESTINATION, ...UNRESOLVABLE, ...TOO_MANY,
  },
});

export const callToolOperation = defineOperation({
  method: "POST", path: "/api/mcp-servers/{name}/tools/{tool}/call", tag, role: "editor", params: toolCallParamsSchema, rateLimit: "tests",
  summary: "Call one tool; the arguments are validated against its input schema first (422 with /arguments/… paths, nothing sent)",
  body: toolCallBodySchema,
  responses: {
    200: { description: "The normalized result: text, image, audio and resource items", schema: toolCallResultSchema },
    ...BAD_REQUEST, ...NOT_FOUND, ...SECRET_DESTINATION, ...UNRESOLVABLE, ...TOO_MANY,
    502: { description: "The server did not answer", schema: problemSchema, contentType: "application/problem+json" },
  },
});

export const healthEventsOperation = readOperation({
  path: "/api/health/events", tag,
  summary: "Server-sent events: `data: {name, health: R}` on every status change and every change of `R.drift` (the toolset drifted from its pin, or was re-pinned), from any instance; `event: approval` with `data: {\"approvals\": \"changed\"}` when approval requests were added, decided or consumed (inboxes re-read GET /api/approvals); a comment heartbeat every 15 s",
  responses: { 200: { description: "An event stream; the data of each event is one of these objects", schema: z.union([healthEventSchema, approvalEventSchema]), contentType: "text/event-stream" } },
});
