import { z } from "zod";

/** GET /v0.1/servers, as the official registry's OpenAPI has it. */
export const officialListQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional().describe("metadata.nextCursor of the previous page"),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  search: z.string().max(200).optional().describe("case-insensitive substring of the server name"),
  updated_since: z.iso.datetime({ offset: true }).optional().describe("RFC 3339: only servers changed after this moment"),
  version: z.string().max(255).optional().describe("'latest' (every Patchbay server has exactly one version) or an exact version"),
});
export type OfficialListQuery = z.infer<typeof officialListQuerySchema>;

export const officialNameParamsSchema = z.object({
  name: z.string().max(300).describe("URL-encoded `dev.patchbay/<name>`, or the plain Patchbay name"),
});

export const officialEntrySchema = z.object({
  server: z.record(z.string(), z.unknown()).describe("server.json (2025-12-11 schema)"),
  _meta: z.record(z.string(), z.unknown()),
});

export const officialListSchema = z.object({
  servers: z.array(officialEntrySchema),
  metadata: z.object({ nextCursor: z.string().optional().describe("absent on the last page"), count: z.number().int() }),
});
