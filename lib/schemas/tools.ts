import { z } from "zod";

import { environmentNameSchema, jsonObjectSchema } from "./common";

/** The annotation hints of MCP's ToolAnnotations that `?annotation=` filters on (true as declared by the server). */
export const ANNOTATION_HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

export const toolSourceSchema = z.enum(["discovered", "declared"]).describe("discovered by a probe, or declared in the definition");

export const toolListQuerySchema = z.strictObject({
  search: z.string().max(200).optional().describe("case-insensitive, in name, title and description"),
  server: z.string().max(100).optional().describe("one server's tools"),
  environment: environmentNameSchema.optional().describe("tools discovered in this environment, and declared tools not discovered there"),
  annotation: z.enum(ANNOTATION_HINTS).optional().describe("tools whose server declares this hint true"),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().max(1000).optional().describe("next_cursor of the previous page"),
});
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

export const catalogToolSchema = z.object({
  server: z.string(),
  environment: z.string().nullable().describe("null for a declared tool (it belongs to every environment)"),
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  annotations: jsonObjectSchema.nullable().describe("declared by the server: untrusted (the MCP specification says so)"),
  fingerprint: z.string().describe("hex SHA-256 of the RFC 8785 (JCS) form of {name, title?, description?, input_schema, output_schema?, annotations?, icons?}"),
  source: toolSourceSchema,
  first_seen_at: z.iso.datetime().nullable().describe("null for a declared tool: no probe saw it"),
  last_seen_at: z.iso.datetime().nullable().describe("null for a declared tool"),
  pinned: z.boolean().describe("the pinned toolset holds this very definition (false for a declared tool: pins are of probes)"),
  drift: z.boolean().describe("the tool is added or changed against the pin (false for a declared tool)"),
  unsupported_schema: z.boolean().describe("its input schema has a `pattern` the safe engine (RE2) cannot compile: calls are refused with a tool error naming it"),
  declared_description: z.string().nullable().describe("the description the definition declares for a tool of this name: what clients see instead of a discovered `description`; null when none is declared"),
  version: z.string().nullable().describe("the version the definition declares for a tool of this name (seed 004); null when none is declared"),
});
export type CatalogToolOutput = z.infer<typeof catalogToolSchema>;

export const toolListSchema = z.object({ tools: z.array(catalogToolSchema), next_cursor: z.string().nullable() });

export const serverToolSchema = catalogToolSchema.extend({
  input_schema: jsonObjectSchema,
  output_schema: jsonObjectSchema.nullable(),
  icons: z.array(z.unknown()).nullable(),
});
export type ServerToolOutput = z.infer<typeof serverToolSchema>;

const toolDefinitionSchema = jsonObjectSchema.describe("the fingerprinted object");
export const changedToolSchema = z.object({
  name: z.string(),
  fields: z.array(z.string()).describe("keys of the fingerprinted object that differ, e.g. description, input_schema"),
  before: toolDefinitionSchema.describe("the pinned definition"),
  after: toolDefinitionSchema.describe("the definition seen"),
});
export const toolsetDriftSchema = z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(changedToolSchema) });

export const serverToolsSchema = z.object({
  environment: z.string(),
  toolset_fingerprint: z.string().nullable().describe("null until a probe succeeded in this environment"),
  pinned_fingerprint: z.string().nullable(),
  pinned_by: z.string().nullable().describe("who pinned; null for trust on first use"),
  pinned_at: z.iso.datetime().nullable(),
  drift: toolsetDriftSchema.nullable().describe("null when the current toolset is the pinned one (or nothing is pinned)"),
  tools: z.array(serverToolSchema),
});

export const serverToolsQuerySchema = z.strictObject({ environment: environmentNameSchema.optional() });

export const driftEventSchema = toolsetDriftSchema.extend({
  at: z.iso.datetime(),
  environment: z.string(),
  toolset_fingerprint: z.string(),
});
export const driftEventsSchema = z.object({ events: z.array(driftEventSchema).describe("newest first") });

export const pinBodySchema = z.strictObject({ environment: environmentNameSchema.optional().describe("default: the registry's own") });
