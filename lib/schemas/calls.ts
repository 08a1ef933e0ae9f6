import { z } from "zod";

import { entityNameSchema } from "./common";

export const CALL_OUTCOMES = ["ok", "tool_error", "upstream_error", "timeout", "circuit_open", "denied", "awaiting_approval", "input_required"] as const;

/** One row of the call log (DESIGN §12): never the raw arguments, only their hash. */
export const callSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  agent: z.string().nullable().describe("the agent whose gateway or invocation made the call (agent and capability are both null for an editor's call of a server's tool, and for /api/invoke's server.tool)"),
  capability: z.string().nullable().describe("the capability whose gateway or invocation made the call"),
  tool: z.string().describe("the name the caller used: the advertised name (alias.tool, bare, under tool_names, or a virtual tool's) — the server's own tool name for an editor's call"),
  server: z.string().nullable().describe("the registry server that answered (or would have)"),
  environment: z.string(),
  caller: z.string(),
  latency_ms: z.int(),
  attempts: z.int().describe("upstream attempts made (0 when nothing was sent)"),
  outcome: z.enum(CALL_OUTCOMES),
  arguments_hash: z.string().describe("hex SHA-256 of the JCS of the final arguments, hidden defaults included"),
  trace_id: z.string(),
});
export type Call = z.infer<typeof callSchema>;

export const callListQuerySchema = z.strictObject({
  server: entityNameSchema.optional(),
  agent: entityNameSchema.optional(),
  capability: entityNameSchema.optional(),
  outcome: z.enum(CALL_OUTCOMES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(500).optional().describe("next_cursor of the previous page"),
});
export type CallListQuery = z.infer<typeof callListQuerySchema>;

export const callListSchema = z.object({ calls: z.array(callSchema).describe("newest first"), next_cursor: z.string().nullable() });

export const callSummaryQuerySchema = z.strictObject({
  server: entityNameSchema.optional(),
  agent: entityNameSchema.optional(),
  capability: entityNameSchema.optional(),
});
export type CallSummaryQuery = z.infer<typeof callSummaryQuerySchema>;

export const callSummarySchema = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  bucket_s: z.int().describe("the width of each bucket"),
  totals: z.object({
    count: z.int(),
    errors: z.int().describe("calls that ended tool_error, upstream_error, timeout or circuit_open"),
    p50_ms: z.number().nullable(),
    p99_ms: z.number().nullable(),
  }).describe("the whole hour"),
  buckets: z.array(z.object({
    start: z.iso.datetime(),
    count: z.int(),
    errors: z.int().describe("calls that ended tool_error, upstream_error, timeout or circuit_open"),
    p50_ms: z.number().nullable(),
    p99_ms: z.number().nullable(),
  })).describe("oldest first, every bucket of the last hour, empty ones included"),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

/** A circuit breaker of one (server, environment) (DESIGN §12). */
export const circuitSchema = z.object({
  server: z.string(),
  environment: z.string(),
  state: z.enum(["closed", "open", "half_open"]).describe("half_open: open, and its reset_after_ms has passed: the next call is the trial"),
  consecutive_failures: z.int(),
  opened_at: z.iso.datetime().nullable(),
});
