import { z } from "zod";

import { managedBySchema } from "./document";
import { checkJsonSchemaShape } from "./json-schema-shape";
import { defineServerInputSchema, supportSchema, TRANSPORT_TYPES } from "./server-fields";
import { iconListSchema } from "./server-icons";

const serverSetFields = {
  created_at: z.iso.datetime(),
  modified_at: z.iso.datetime(),
  revision: z.number().int().positive(),
  managed_by: managedBySchema.optional(),
};

export const healthSummarySchema = z.object({
  status: z.enum(["healthy", "degraded", "auth_required", "not_mcp", "unhealthy", "unknown", "skipped"]),
  checked_at: z.iso.datetime().nullable(),
  latency_ms: z.number().nullable(),
  drift: z.boolean().optional().describe("in lists: the toolset of the registry's own environment drifted from its pin (DESIGN §11)"),
});
export type HealthSummary = z.infer<typeof healthSummarySchema>;

/**
 * A server as stored (`?raw=true`): what was entered, plus the server-set fields. An output shape, checked
 * without Ajv's compile (the input was compiled when it was saved), so pages that import it carry no Ajv.
 */
export const storedServerSchema = defineServerInputSchema(checkJsonSchemaShape).safeExtend(serverSetFields);
export type StoredServer = z.infer<typeof storedServerSchema>;

export const resolvedTransportSchema = z.union([
  z.object({ type: z.enum(["http", "sse"]), url: z.string(), headers: z.record(z.string(), z.string()).optional() }),
  z.object({
    type: z.literal("stdio"),
    command: z.string(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
  }),
]);

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** A server resolved for an environment: transport after steps 1–3 of DESIGN §2. */
export const resolvedServerSchema = storedServerSchema.safeExtend({
  transport: resolvedTransportSchema,
  resolved_url: z.string().nullable(),
  environment: z.string(),
});

export const serverSummarySchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string().nullable(),
  transport_type: z.enum(TRANSPORT_TYPES),
  auth_type: z.string().nullable().describe("how the server signs in (`auth.type`, e.g. \"oauth\"); null for none"),
  auth_mode: z.enum(["shared", "per_user"]).nullable().describe("with OAuth: one connection per environment (`shared`) or each person's own (`per_user`); null otherwise"),
  tags: z.array(z.string()),
  provides: z.array(z.string()),
  has_parameters: z.boolean(),
  support: supportSchema.pick({ version: true, documentation_url: true, owner: true }),
  icons: iconListSchema.optional(),
  health: healthSummarySchema,
  modified_at: z.iso.datetime(),
});
export type ServerSummary = z.infer<typeof serverSummarySchema>;

export const serverListSchema = z.object({
  mcp_servers: z.array(serverSummarySchema),
  next_cursor: z.string().nullable(),
  previous_cursor: z.string().nullable().describe("cursor of the previous page; null when it is the first page (no cursor) or there is none"),
  total: z.number().int().describe("every server matching the filters"),
});
export type ServerList = z.infer<typeof serverListSchema>;

export const validationResultSchema = z.object({
  valid: z.boolean(),
  resolved_config: resolvedTransportSchema.nullable(),
  warnings: z.array(fieldErrorSchema),
  errors: z.array(fieldErrorSchema),
});
