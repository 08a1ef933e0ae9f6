import { z } from "zod";

import { environmentNameSchema, jsonObjectSchema } from "./common";
import { healthSummarySchema } from "./server-output";

/** `R` of DESIGN §5: what one probe concluded; `ok` is true for healthy and degraded. */
export const healthResultSchema = z.object({
  status: healthSummarySchema.shape.status,
  ok: z.boolean(),
  reason: z.string().nullable(),
  latency_ms: z.number().nullable(),
  checked_at: z.iso.datetime().nullable(),
  server_info: z.object({ name: z.string(), version: z.string() }).nullable(),
  protocol_version: z.string().nullable(),
  tool_count: z.number().int().nullable(),
  era: z.enum(["2026-07-28", "legacy"]).nullable().describe("which handshake answered: server/discover (2026-07-28) or initialize"),
  protocol_versions: z.array(z.string()).nullable().describe("the versions the server supports"),
  capabilities: jsonObjectSchema.nullable(),
  auth: z.object({
    resource_metadata_url: z.string().nullable(),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.string()),
  }).nullable().describe("RFC 9728 protected-resource metadata, read on a 401/403"),
  notes: z.array(z.string()).describe("e.g. `deprecated transport` for SSE"),
  environment: z.string().nullable().describe("the environment the server was resolved for"),
  drift: z.boolean().describe("the toolset of this server and environment differs from its pin (DESIGN §11)"),
});

/** `?environment=` of the health routes: which environment to read, or to probe in (default: the registry's own). */
export const healthEnvironmentQuerySchema = z.strictObject({ environment: environmentNameSchema.optional() });

export const serverHealthSchema = z.object({
  name: z.string(),
  environment: z.string().describe("the environment this health and history are for"),
  health: healthResultSchema,
  history: z.array(healthResultSchema).describe("newest first, at most 100"),
});

export const probeToolSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  input_schema: jsonObjectSchema,
});

export const testResultSchema = healthResultSchema.extend({ tools: z.array(probeToolSchema) });

/** Where and how to connect: the registry's current environment and schema defaults unless said otherwise. */
const connectionFields = {
  environment: environmentNameSchema.optional(),
  parameters: jsonObjectSchema.optional(),
};

export const testBodySchema = z.strictObject(connectionFields);
export type TestBody = z.infer<typeof testBodySchema>;

export const toolCallBodySchema = z.strictObject({
  arguments: jsonObjectSchema.default({}).describe("validated against the tool's input schema before anything is sent"),
  context: jsonObjectSchema.optional().describe("what tool_policy's approval_when and allowed_when see beside the arguments, e.g. {\"task_state\": \"IN_PROGRESS\"}"),
  ...connectionFields,
});
export type ToolCallBody = z.infer<typeof toolCallBodySchema>;

export const toolCallParamsSchema = z.object({ name: z.string(), tool: z.string().min(1).max(200) });

const toolContentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("image"), mime_type: z.string(), data: z.string().describe("base64") }),
  z.object({ type: z.literal("audio"), mime_type: z.string(), data: z.string().describe("base64") }),
  z.object({
    type: z.literal("resource"),
    uri: z.string(),
    mime_type: z.string().optional(),
    text: z.string().optional(),
    blob: z.string().optional(),
  }),
]);

export const toolCallResultSchema = z.object({
  is_error: z.boolean(),
  content: z.array(toolContentSchema),
  structured_content: z.unknown().optional(),
  latency_ms: z.number(),
  approval: z.object({ id: z.string(), state: z.string() }).optional()
    .describe("the call needs an approval: this request (awaiting_approval) must be approved by someone else, then the same call runs once"),
});

/** One server-sent event of GET /api/health/events. */
export const healthEventSchema = z.object({ name: z.string(), health: healthResultSchema });
/** The data of an `event: approval`: only that approvals changed; inboxes re-read GET /api/approvals. */
export const approvalEventSchema = z.object({ approvals: z.literal("changed") });
