import { z } from "zod";

import { REVISION_ACTIONS } from "./revision";

export const auditQuerySchema = z.strictObject({
  entity_type: z.enum(["server", "capability", "agent"]).optional(),
  action: z.enum(REVISION_ACTIONS).optional(),
  actor: z.string().max(100).optional(),
  name: z.string().max(100).optional().describe("entity name"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().positive().optional().describe("next_before of the previous page"),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  entity_type: z.enum(["server", "capability", "agent"]),
  name: z.string(),
  revision: z.number().int(),
  action: z.enum(REVISION_ACTIONS),
  actor: z.string(),
  at: z.iso.datetime(),
});

export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), next_before: z.number().int().nullable() });
