import { z } from "zod";

export const REVISION_ACTIONS = ["create", "update", "restore", "delete", "import"] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];
export type EntityType = "server" | "capability" | "agent" | "variable";

export const revisionSummarySchema = z.object({
  revision: z.number().int(),
  action: z.enum(REVISION_ACTIONS),
  actor: z.string(),
  at: z.iso.datetime(),
});

export const revisionListSchema = z.object({ revisions: z.array(revisionSummarySchema) });

export const revisionDetailSchema = z.object({
  revision: revisionSummarySchema.safeExtend({ snapshot: z.record(z.string(), z.unknown()) }),
});

export const revisionParamsSchema = z.object({
  name: z.string(),
  n: z.coerce.number().int().positive("must be a positive integer"),
});
