import { z } from "zod";

import { booleanFlagSchema, environmentNameSchema } from "./common";

/**
 * Capabilities and agents are "documents": named JSON definitions stored as entered, with server-set
 * fields beside them, listed and searched the same way.
 */
export const SERVER_SET_FIELDS = ["created_at", "modified_at", "revision", "managed_by"] as const;

/** DESIGN §13: "sync" while the entity comes from the sync path; "sync-orphan" once removed from it but kept (referenced). */
export const managedBySchema = z.enum(["sync", "sync-orphan"]);
export type ManagedBy = z.infer<typeof managedBySchema>;

export const serverSetFieldsSchema = {
  created_at: z.iso.datetime(),
  modified_at: z.iso.datetime(),
  revision: z.number().int().positive(),
  managed_by: managedBySchema.optional(),
};

/** Server-set fields are ignored on input, so a GET body can be sent back as it is. */
export function withoutServerSetFields(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const copy: Record<string, unknown> = { ...input };
  for (const field of SERVER_SET_FIELDS) delete copy[field];
  return copy;
}

/** The body of POST and PUT (server-set fields dropped first), and the stored shape with them. */
export function documentSchemas<Shape extends z.core.$ZodLooseShape>(input: z.ZodObject<Shape, z.core.$strict>) {
  return { body: z.preprocess(withoutServerSetFields, input), stored: input.extend(serverSetFieldsSchema) };
}

const commaSeparated = z
  .string()
  .optional()
  .transform((value) => (value ?? "").split(",").map((item) => item.trim()).filter(Boolean));

export const documentListQuerySchema = z.strictObject({
  tags: commaSeparated.describe("comma-separated; a document must carry all of them"),
  search: z.string().max(200).optional().describe("case-insensitive, in name, description and tags"),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().max(500).optional().describe("next_cursor of the previous page"),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentNameParamsSchema = z.object({ name: z.string() });

export const referenceSummarySchema = z.object({
  alias: z.string(),
  /** null for a legacy inline config */
  server: z.string().nullable(),
});

/** What a list shows of every capability and agent; an agent adds its capabilities. */
export const documentSummaryFields = {
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  server_count: z.number().int(),
  references: z.array(referenceSummarySchema),
  has_inline: z.boolean(),
  modified_at: z.iso.datetime(),
};

export const documentGetQuerySchema = z.strictObject({
  environment: environmentNameSchema.optional(),
  raw: booleanFlagSchema,
});
