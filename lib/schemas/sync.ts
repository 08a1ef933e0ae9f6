import { z } from "zod";

import { IMPORT_FORMATS } from "./import";
import { fieldErrorSchema } from "./server-output";

const syncEntrySchema = z.object({ kind: z.enum(["server", "capability", "agent"]), name: z.string() });
export type SyncEntry = z.infer<typeof syncEntrySchema>;

/** One sync run: what it wrote, pruned and kept; a failed run lists its errors and changed nothing. */
export const syncReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS).nullable(),
  created: z.array(syncEntrySchema),
  updated: z.array(syncEntrySchema),
  pruned: z.array(syncEntrySchema).describe("removed from the path, so deleted"),
  kept: z.array(syncEntrySchema.extend({ reason: z.string() })).describe("removed from the path but still referenced: kept, managed_by sync-orphan"),
  errors: z.array(fieldErrorSchema),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

export const SYNC_STATUSES = ["disabled", "pending", "ok", "error", "standby"] as const;

/** GET /api/sync (DESIGN §13); `last_run_at` is the latest attempt, successful or not. */
export const syncStatusSchema = z.object({
  path: z.string().nullable().describe("the synced directory or file; null when sync is off"),
  last_run_at: z.iso.datetime().nullable(),
  status: z.enum(SYNC_STATUSES)
    .describe("disabled: no sync path; pending: not run yet; standby: another instance holds the sync lease (PostgreSQL)"),
  report: syncReportSchema.nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;
