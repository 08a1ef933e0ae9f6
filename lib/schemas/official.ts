import { z } from "zod";

/** GET /v0.1/servers, as the official registry's OpenAPI has it. */
export const officialListQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional().describe("metadata.nextCursor of the previous page"),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  search: z.string().max(200).optional().describe("case-insensitive substring of the server's name or description"),
  updated_since: z.iso.datetime({ offset: true }).optional().describe("RFC 3339: only servers changed after this moment"),
  version: z.string().max(255).optional().describe("'latest' (every Patchbay server has exactly one version) or an exact version"),
});
export type OfficialListQuery = z.infer<typeof officialListQuerySchema>;

export const officialNameParamsSchema = z.object({
  name: z.string().max(300).describe("URL-encoded `dev.patchbay/<name>`, or the plain Patchbay name"),
});

export const officialVersionParamsSchema = officialNameParamsSchema.extend({
  version: z.string().min(1).max(255).describe("an exact version; servers without one have `0.0.0`"),
});

export const officialEntrySchema = z.object({
  server: z.record(z.string(), z.unknown()).describe("server.json (2025-12-11 schema)"),
  _meta: z.record(z.string(), z.unknown()),
});

export const officialListSchema = z.object({
  servers: z.array(officialEntrySchema),
  metadata: z.object({ nextCursor: z.string().optional().describe("absent on the last page"), count: z.number().int() }),
});

export const officialVersionListSchema = z.object({
  servers: z.array(officialEntrySchema),
  metadata: z.object({ count: z.number().int() }),
});

export const officialEnvironmentsSchema = z.object({
  name: z.string().describe("dev.patchbay/<name>"),
  environments: z.array(z.object({
    name: z.string(),
    is_default: z.boolean().describe("the registry's own environment"),
    transport_type: z.enum(["http", "sse", "stdio"]),
    url: z.string().nullable().describe("resolved for this environment, registry values masked; null for stdio"),
    health: z.object({ status: z.string(), checked_at: z.string().nullable(), era: z.string().nullable() }),
  })),
});
