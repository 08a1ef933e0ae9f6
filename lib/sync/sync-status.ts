import type { SyncReport, SyncStatus } from "../schemas/sync";
import { processSlot } from "../runtime/runtime";
import { getSyncSource } from "./sync-source";

/** This instance's latest run, whichever route bundle or scheduler recorded it. */
const state = processSlot("sync.status", (): { latest?: SyncStatus } => ({}));

/** This instance's view of sync: its own latest run, or "standby" while another instance holds the lease. */
export function getSyncStatus(): SyncStatus {
  if (state.latest) return state.latest;
  const source = getSyncSource();
  return { path: source?.path ?? null, last_run_at: null, status: source ? "pending" : "disabled", report: null };
}

export function recordSyncRun(path: string, outcome: { status: "ok" | "error"; report: SyncReport } | { status: "standby" }): void {
  state.latest = {
    path,
    last_run_at: new Date().toISOString(),
    status: outcome.status,
    report: outcome.status === "standby" ? null : outcome.report,
  };
}
