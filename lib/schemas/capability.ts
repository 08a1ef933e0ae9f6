import { z } from "zod";

import { descriptionSchema, entityNameSchema, labelListSchema } from "./common";
import { documentSchemas, documentSummaryFields } from "./document";
import { mcpServersSchema } from "./reference";

/** A capability (seed 003 `capability.json`): a named bundle of server references. Strict. */
export const capabilityInputSchema = z.strictObject({
  name: entityNameSchema,
  description: descriptionSchema,
  mcp_servers: mcpServersSchema.optional(),
  tags: labelListSchema.optional(),
});
export type CapabilityInput = z.infer<typeof capabilityInputSchema>;

export const { body: capabilityBodySchema, stored: storedCapabilitySchema } = documentSchemas(capabilityInputSchema);
export type StoredCapability = z.infer<typeof storedCapabilitySchema>;

export const capabilitySummarySchema = z.object(documentSummaryFields);
export type CapabilitySummary = z.infer<typeof capabilitySummarySchema>;

export const capabilityListSchema = z.object({
  capabilities: z.array(capabilitySummarySchema),
  next_cursor: z.string().nullable(),
});
