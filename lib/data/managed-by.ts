import { ConflictError } from "../errors";
import { managedBySchema, type ManagedBy } from "../schemas/document";
import { getSyncSource } from "../sync/sync-source";

/** The actor of every write GitOps sync makes. */
export const SYNC_ACTOR = "sync";

/** The `managed_by` field of a response, absent for entities nobody manages. */
export function managedByOf(row: { managedBy?: string | null }): { managed_by?: ManagedBy } {
  const parsed = managedBySchema.safeParse(row.managedBy);
  return parsed.success ? { managed_by: parsed.data } : {};
}

/** 409 for an API write to an entity that comes from the sync path: the file is its source of truth. */
export function assertNotSyncManaged(row: { managedBy?: string | null }, noun: string, name: string, isSync: boolean): void {
  if (row.managedBy !== "sync" || isSync) return;
  const where = getSyncSource()?.path ?? "the sync path";
  throw new ConflictError(`${noun} '${name}' is managed in ${where}; change it there.`, { managed_in: where });
}
