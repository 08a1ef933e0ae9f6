import { getConfig, isPostgresUrl } from "../env";
import { startSyncScheduler } from "./sync-scheduler";
import { getSyncSource } from "./sync-source";

const state = globalThis as unknown as { patchbaySyncStarted?: boolean };

/** At boot, once per process, when a sync path is configured; stopped (lease released) on SIGTERM/SIGINT. */
export function startSync(): void {
  const source = getSyncSource();
  if (!source || state.patchbaySyncStarted) return;
  state.patchbaySyncStarted = true;

  const config = getConfig();
  const scheduler = startSyncScheduler(source, { pollMs: config.PATCHBAY_SYNC_POLL_S * 1000, useLease: isPostgresUrl(config.DATABASE_URL) });
  const shutdown = () => void scheduler.stop();
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
