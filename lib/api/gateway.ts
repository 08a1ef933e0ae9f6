import { z } from "zod";

import { callListQuerySchema, callListSchema, callSummaryQuerySchema, callSummarySchema, circuitSchema } from "../schemas/calls";
import { entityNameSchema } from "../schemas/common";
import { importBodySchema, importReportSchema } from "../schemas/import";
import { mcpRegistryViewSchema } from "../schemas/seed-diagnostics";
import { invokeAwaitingSchema, invokeBodySchema, invokeResponseSchema } from "../schemas/invoke";
import { negotiateBodySchema, negotiationSchema } from "../schemas/negotiate";
import { defineOperation, readOperation } from "./operation";
import { BAD_REQUEST, problemResponse } from "./problem-responses";

const tag = "Gateway";

export const invokeOperation = defineOperation({
  method: "POST", path: "/api/invoke", tag, role: "runner", body: invokeBodySchema, rateLimit: "calls",
  summary: "Seed 001's invocation: run `action` (an effective tool of the agent or capability; with neither, `server.tool`: that registry server's tool under its own tool_policy and resilience) through the call pipeline — policy, approval, drift gate, input schema, timeout, retries, circuit breaker, projection, redaction — and answer the unified response. Spends the runner call budget (PATCHBAY_RATE_CALLS_PER_MIN)",
  responses: {
    200: { description: "The unified response: one text block → text; one image or audio block → that type (base64); else the MCP result as tool_result", schema: invokeResponseSchema },
    202: { description: "Awaiting approval: the approval's id and state; once someone else approves it, the same call runs once", schema: invokeAwaitingSchema },
    400: problemResponse("Malformed body, or the input fails the tool's input schema (paths under /input)"),
    403: problemResponse("Refused by tool_policy (naming the rule), by the drift gate, or the tool's input schema cannot be used"),
    404: problemResponse("No such agent, capability, server (the `server` of `server.tool`) or tool"),
    409: problemResponse("The tool's server signs in per person (auth.mode per_user) and the caller has not connected their account: `connect_url` is its page, where they connect; nothing was sent"),
    429: problemResponse("The runner call budget is spent; Retry-After says when to try again"),
    502: problemResponse("The MCP server did not answer"),
    503: problemResponse("The server's circuit is open; Retry-After says when a trial call goes through"),
    504: problemResponse("The MCP server did not answer within resilience.timeout_ms"),
  },
});

export const listCallsOperation = readOperation({
  path: "/api/calls", tag, query: callListQuerySchema,
  summary: "The call log, newest first: every tool call through the pipeline (gateway, /api/invoke), never its raw arguments. Kept 7 days",
  responses: { 200: { description: "A page of calls", schema: callListSchema }, ...BAD_REQUEST },
});

export const callSummaryOperation = readOperation({
  path: "/api/calls/summary", tag, query: callSummaryQuerySchema,
  summary: "The last hour of the call log in one-minute buckets: count, errors, p50 and p99 latency — for a server, an agent or a capability",
  responses: { 200: { description: "Sixty buckets, oldest first", schema: callSummarySchema }, ...BAD_REQUEST },
});

export const listCircuitsOperation = readOperation({
  path: "/api/circuits", tag, query: z.strictObject({ server: entityNameSchema.optional() }),
  summary: "Circuit breakers per (server, environment) of this instance (DESIGN §12); a pair never called has none and reads as closed",
  responses: { 200: { description: "Every circuit this instance has used", schema: z.object({ circuits: z.array(circuitSchema) }) }, ...BAD_REQUEST },
});

export const negotiateOperation = defineOperation({
  method: "POST", path: "/api/negotiate", tag, role: "runner", rateLimit: "none",
  summary: "Bind required capability strings to the servers that provide them (seed 000): healthy before degraded before unknown, then lowest latency; BOUND or DEGRADED with what is missing",
  body: negotiateBodySchema,
  responses: { 200: { description: "The bindings, each server resolved for the environment", schema: negotiationSchema }, ...BAD_REQUEST },
});

export const mcpRegistryOperation = readOperation({
  path: "/api/v1/mcp/registry", tag,
  summary: "Seed 001's diagnostics: every server as a plugin with its catalog's tools as actions (server.tool), with the timeout and retries the call pipeline applies",
  responses: { 200: { description: "Plugins and their actions", schema: mcpRegistryViewSchema } },
});

export const mcpValidateOperation = defineOperation({
  method: "POST", path: "/api/v1/mcp/validate", tag, role: "runner", rateLimit: "none", body: importBodySchema, rawBody: true, maxBodyBytes: 32 * 1024 * 1024,
  summary: "Seed 001's diagnostics: an mcp_registry.json body → the import dry-run report (what would be created or updated, and every invalid entry by path); nothing is written",
  responses: { 200: { description: "The dry-run report", schema: importReportSchema }, ...BAD_REQUEST },
});

export const mcpTestOperation = defineOperation({
  ...invokeOperation, path: "/api/v1/mcp/test",
  summary: "Seed 001's diagnostics: the same as POST /api/invoke (same body, answers and budget)",
});
