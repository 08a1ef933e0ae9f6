import { z } from "zod";

import { entityNameSchema, headerMapSchema, jsonObjectSchema, labelSchema } from "./common";
import { isPlainObject } from "./server-fields";
import { referenceNamesSchema } from "./tool-names";

const MAX_REFERENCES = 200;
const INLINE_KEYS = ["type", "url", "command"];
const INLINE_TYPES = ["http", "sse", "stdio", "streamable-http", "streamablehttp"];

/** The key of a reference: how the client will name the server. Any readable text; the server's name by default. */
export const aliasSchema = z
  .string()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .regex(/^[^\s\p{Cc}](?:[^\p{Cc}]*[^\s\p{Cc}])?$/u, "must not contain control characters or start or end with a space");

/** `{"docs": {"server": "context-store", "parameters": {...}, "names"?: "bare"}}` */
export const serverReferenceSchema = z.strictObject({ server: entityNameSchema, parameters: jsonObjectSchema.optional(), names: referenceNamesSchema.optional() });
export type ServerReference = z.infer<typeof serverReferenceSchema>;

/** `{"context-store": {"parameters": {...}}}`: the key is the server's name. */
export const namedReferenceSchema = z.strictObject({ parameters: jsonObjectSchema.optional(), names: referenceNamesSchema.optional() });
export type NamedReference = z.infer<typeof namedReferenceSchema>;

/** Legacy inline config (deprecated): an object with `type`, `url` or `command` and no `server`, kept as entered. */
export const inlineReferenceSchema = z
  .looseObject({
    type: z.string().refine((type) => INLINE_TYPES.includes(type.toLowerCase()), `must be one of ${INLINE_TYPES.join(", ")}`).optional(),
    url: z.string().min(1).max(2_000).optional(),
    command: z.string().min(1).max(1_000).optional(),
    args: z.array(z.string()).optional(),
    headers: headerMapSchema.optional(),
    env: z.record(z.string(), z.string()).optional(),
  })
  .refine((config) => config.url !== undefined || config.command !== undefined, {
    message: "an inline config needs a url or a command",
  });
export type InlineReference = z.infer<typeof inlineReferenceSchema>;

/** `{"gis": {"provides": "gis:radius_query"}}`: bound at resolution time to the best server providing it (DESIGN §12). */
export const providesReferenceSchema = z.strictObject({ provides: labelSchema, parameters: jsonObjectSchema.optional(), names: referenceNamesSchema.optional() });
export type ProvidesReference = z.infer<typeof providesReferenceSchema>;

export type ReferenceValue = string | ServerReference | NamedReference | ProvidesReference | InlineReference;
export type McpServerReferences = string[] | Record<string, ReferenceValue>;

/** Seed 003's loader rules: a string is a name, `server` makes a reference, `type`/`url`/`command` an inline config. */
export function referenceFormOf(value: unknown): "name" | "server" | "provides" | "inline" | "named" | "invalid" {
  if (typeof value === "string") return "name";
  if (!isPlainObject(value)) return "invalid";
  if (Object.hasOwn(value, "server")) return "server";
  if (Object.hasOwn(value, "provides")) return "provides";
  return INLINE_KEYS.some((key) => Object.hasOwn(value, key)) ? "inline" : "named";
}

const FORM_SCHEMAS = { name: entityNameSchema, server: serverReferenceSchema, provides: providesReferenceSchema, inline: inlineReferenceSchema, named: namedReferenceSchema };

/**
 * One value of the alias map. Checked against the one form it can be, so errors speak about that form; the
 * value itself passes through untouched, which keeps every key in the order it was entered.
 */
const referenceValueSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const form = referenceFormOf(value);
    if (form === "invalid") {
      ctx.addIssue({ code: "custom", message: "must be a server name, {server, parameters, names}, {provides, parameters, names}, {parameters, names} or an inline config" });
      return;
    }
    const result = FORM_SCHEMAS[form].safeParse(value);
    for (const issue of result.error?.issues ?? []) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
  })
  .meta({ anyOf: Object.values(FORM_SCHEMAS).map(jsonSchemaOf) }) as z.ZodType<ReferenceValue>;

const referenceListSchema = z
  .array(entityNameSchema)
  .max(MAX_REFERENCES, `at most ${MAX_REFERENCES} entries`)
  .refine((names) => new Set(names).size === names.length, { message: "must not repeat a server" });

const referenceMapSchema = z
  .record(aliasSchema, referenceValueSchema)
  .refine((map) => Object.keys(map).length <= MAX_REFERENCES, { message: `at most ${MAX_REFERENCES} entries` })
  .superRefine((map, ctx) => {
    for (const [alias, value] of Object.entries(map)) {
      if (referenceFormOf(value) !== "named" || entityNameSchema.safeParse(alias).success) continue;
      ctx.addIssue({ code: "custom", path: [alias], message: "is not a server name; use {\"server\": …} to give the server an alias" });
    }
  });

/** `mcp_servers` of a capability or agent, in every form of seed 003 (DESIGN §1), stored as entered. */
export const mcpServersSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    if (!Array.isArray(value) && !isPlainObject(value)) {
      ctx.addIssue({ code: "custom", message: "must be a list of server names or a map of alias → reference" });
      return;
    }
    const result = (Array.isArray(value) ? referenceListSchema : referenceMapSchema).safeParse(value);
    for (const issue of result.error?.issues ?? []) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
  })
  .meta({
    description: "Server references: a list of names, or a map of alias → name | {server, parameters} | {provides, parameters} (bound to the best server providing that capability string) | {parameters} (key = server name) | legacy inline config; `names: \"bare\"` on a reference advertises its tools without `alias.`",
    anyOf: [jsonSchemaOf(referenceListSchema), jsonSchemaOf(referenceMapSchema)],
  }) as z.ZodType<McpServerReferences>;

/** The forms' JSON Schema for OpenAPI: the checks above are code, so the document is told the shapes. */
function jsonSchemaOf(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}
