import type { SyncReport, SyncStatus } from "../schemas/sync";
import { getSyncSource } from "./sync-source";

const state = globalThis as unknown as { patchbaySyncStatus?: SyncStatus };

/** This instance's view of sync: its own latest run, or "standby" while another instance holds the lease. */
export function getSyncStatus(): SyncStatus {
  if (state.patchbaySyncStatus) return state.patchbaySyncStatus;
  const source = getSyncSource();
  return { path: source?.path ?? null, last_run_at: null, status: source ? "pending" : "disabled", report: null };
}

export function recordSyncRun(path: string, outcome: { status: "ok" | "error"; report: SyncReport } | { status: "standby" }): void {
  state.patchbaySyncStatus = {
    path,
    last_run_at: new Date().toISOString(),
    status: outcome.status,
    report: outcome.status === "standby" ? null : outcome.report,
  };
}
