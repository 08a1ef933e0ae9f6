import { z } from "zod";

import { booleanFlagSchema, environmentNameSchema } from "./common";
import { TRANSPORT_TYPES } from "./server-fields";
import { healthSummarySchema } from "./server-output";

const commaSeparated = z
  .string()
  .optional()
  .transform((value) => (value ?? "").split(",").map((item) => item.trim()).filter(Boolean));

export const HEALTH_STATUSES = healthSummarySchema.shape.status.options;

/** The orders of GET /api/mcp-servers; `-` reverses one. Ties go by name, so every order is total and pages by cursor. */
export const SERVER_SORT_KEYS = ["name", "modified", "health", "transport"] as const;
export type ServerSortKey = (typeof SERVER_SORT_KEYS)[number];
export const SERVER_SORTS = SERVER_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);
export type ServerSort = (typeof SERVER_SORTS)[number];

export const serverListQuerySchema = z.strictObject({
  tags: commaSeparated.describe("comma-separated; a server must carry all of them"),
  search: z.string().max(200).optional().describe("case-insensitive, in name, description, tags and support.owner"),
  transport: z.enum(TRANSPORT_TYPES).optional(),
  provides: commaSeparated.describe("comma-separated capability strings; all of them"),
  health: commaSeparated
    .pipe(z.array(z.enum(HEALTH_STATUSES)))
    .describe("comma-separated statuses; any of them"),
  sort: z.enum(SERVER_SORTS).default("name")
    .describe("name, modified (oldest change first), health (healthy first, unhealthy last) or transport; a leading - reverses"),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().max(500).optional().describe("next_cursor of the previous page"),
});
export type ServerListQuery = z.infer<typeof serverListQuerySchema>;

export const serverGetQuerySchema = z.strictObject({
  environment: environmentNameSchema.optional(),
  raw: booleanFlagSchema,
});

export const forceQuerySchema = z.strictObject({ force: booleanFlagSchema });

/** DESIGN §14: an admin's consent to move literal secrets with a server (PUT, PATCH, restore). */
export const keepSecretsQuerySchema = z.strictObject({ keep_secrets: booleanFlagSchema.describe("admin only: let literal secrets follow a changed URL origin or command line") });

export const serverNameParamsSchema = z.object({ name: z.string() });

export const validateBodySchema = z.strictObject({
  parameters: z.record(z.string(), z.unknown()).optional(),
  environment: environmentNameSchema.optional(),
});
