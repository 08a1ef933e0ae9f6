import { z } from "zod";

import { entityNameSchema, environmentNameSchema, jsonObjectSchema } from "./common";

/**
 * Seed 001's request (DESIGN §12, §19): `plugin.action` is an effective tool of an agent or a capability, or, with
 * neither, tool `action` of registry server `plugin`.
 */
export const invokeBodySchema = z.strictObject({
  action: z.string().min(1).max(400).describe("the tool's advertised name, as the target's tools list it (alias.tool, a bare name or a virtual tool's name; DESIGN §16); without agent or capability, server.tool: that registry server's tool"),
  agent: entityNameSchema.optional(),
  capability: entityNameSchema.optional(),
  environment: environmentNameSchema.optional().describe("default: the registry's environment"),
  input: jsonObjectSchema.default({}).describe("the tool's arguments, validated against its input schema (400 with /input/… paths)"),
  context: z.looseObject({
    session_id: z.string().max(200).optional(),
    locale: z.string().max(50).optional(),
    trace_id: z.string().max(200).optional(),
  }).optional().describe("seed 001's call context; tool_policy's allowed_when and approval_when see it"),
  response: z.strictObject({
    format: z.enum(["auto"]).default("auto"),
    stream: z.literal(false).optional().describe("streaming is not offered"),
  }).optional(),
}).superRefine((body, ctx) => {
  if (body.agent !== undefined && body.capability !== undefined) {
    ctx.addIssue({ code: "custom", path: ["agent"], message: "at most one of agent and capability may be given" });
  }
});
export type InvokeBody = z.infer<typeof invokeBodySchema>;

/** Seed 001's unified response. */
export const invokeResponseSchema = z.object({
  type: z.enum(["text", "image", "audio", "tool_result"]),
  content: z.unknown().describe("text: the text; image/audio: base64 data; tool_result: the MCP result {content, structuredContent?, isError?}"),
  mime_type: z.string(),
  metadata: z.object({
    provider: z.string().describe("the registry server that answered"),
    latency_ms: z.int(),
    attempts: z.int(),
    trace_id: z.string(),
  }),
  stream: z.literal(false),
});
export type InvokeResponse = z.infer<typeof invokeResponseSchema>;

export const invokeAwaitingSchema = z.object({
  approval: z.object({ id: z.string(), state: z.string() }),
  detail: z.string(),
});
