import { z } from "zod";

import { jsonObjectSchema } from "./common";
import { TRANSPORT_TYPES } from "./server-fields";

export const upstreamListQuerySchema = z.strictObject({
  search: z.string().max(200).optional().describe("passed to the upstream registry as it is (the official one matches names)"),
  cursor: z.string().max(1000).optional().describe("next_cursor of the previous page"),
});
export type UpstreamListQuery = z.infer<typeof upstreamListQuerySchema>;

export const upstreamNameParams = z.object({ name: z.string().min(1).max(300).describe("the upstream server's name, URL-encoded (it holds a '/')") });

/** One upstream server, and what it would become if added: the definition, or why it cannot be. */
export const upstreamServerSchema = z.object({
  name: z.string().describe("the name in the upstream registry"),
  description: z.string(),
  version: z.string().nullable(),
  transport_type: z.enum(TRANSPORT_TYPES).nullable().describe("of the preview; null when it cannot be imported"),
  preview: jsonObjectSchema.nullable().describe("the MCP server definition 'Add to registry' would create (official converter, DESIGN §6)"),
  reason: z.string().nullable().describe("why it cannot be imported; null when it can"),
});
export type UpstreamServer = z.infer<typeof upstreamServerSchema>;

export const upstreamListSchema = z.object({
  servers: z.array(upstreamServerSchema),
  next_cursor: z.string().nullable(),
});
export type UpstreamList = z.infer<typeof upstreamListSchema>;
