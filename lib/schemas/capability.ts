import { z } from "zod";

import { descriptionSchema, entityNameSchema, labelListSchema } from "./common";
import { referenceSummarySchema, serverSetFieldsSchema, withoutServerSetFields } from "./document";
import { mcpServersSchema } from "./reference";

/** A capability (seed 003 `capability.json`): a named bundle of server references. Strict. */
export const capabilityInputSchema = z.strictObject({
  name: entityNameSchema,
  description: descriptionSchema,
  mcp_servers: mcpServersSchema.optional(),
  tags: labelListSchema.optional(),
});
export type CapabilityInput = z.infer<typeof capabilityInputSchema>;

/** The body of POST and PUT: server-set fields dropped first. */
export const capabilityBodySchema = z.preprocess(withoutServerSetFields, capabilityInputSchema);

export const storedCapabilitySchema = capabilityInputSchema.safeExtend(serverSetFieldsSchema);
export type StoredCapability = z.infer<typeof storedCapabilitySchema>;

export const capabilitySummarySchema = z.object({
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  server_count: z.number().int(),
  references: z.array(referenceSummarySchema),
  has_inline: z.boolean(),
  modified_at: z.iso.datetime(),
});
export type CapabilitySummary = z.infer<typeof capabilitySummarySchema>;

export const capabilityListSchema = z.object({
  capabilities: z.array(capabilitySummarySchema),
  next_cursor: z.string().nullable(),
});
