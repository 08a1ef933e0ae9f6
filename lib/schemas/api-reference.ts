import { z } from "zod";

/** One operation of an OpenAPI document, as the server page lists it. */
export const apiOperationSchema = z.object({
  method: z.string().describe("Upper case: GET, POST, …"),
  path: z.string(),
  summary: z.string().nullable().describe("The operation's `summary` (at most 200 characters), else null"),
  operation_id: z.string().nullable(),
});
export type ApiOperation = z.infer<typeof apiOperationSchema>;

/** The OpenAPI document at a server's `support.api_reference_url`, summarised (DESIGN §19, seed 003). */
export const apiReferenceSchema = z.object({
  url: z.string().describe("The URL read, without credentials and with query values shown as ••••"),
  fetched_at: z.string().describe("When Patchbay read it (answers are kept for 5 minutes per URL)"),
  title: z.string().nullable(),
  version: z.string().nullable().describe("The document's `info.version`"),
  operations: z.array(apiOperationSchema),
});
export type ApiReference = z.infer<typeof apiReferenceSchema>;
