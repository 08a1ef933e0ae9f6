import { getConfig, isPostgresUrl } from "../env";
import type { Teardown } from "../runtime/runtime";
import { startSyncScheduler } from "./sync-scheduler";
import { getSyncSource } from "./sync-source";

/** A runtime service started at boot, once per process, when a sync path is configured; stopping it releases the lease. */
export function startSync(): Teardown | undefined {
  const source = getSyncSource();
  if (!source) return undefined;

  const config = getConfig();
  const scheduler = startSyncScheduler(source, { pollMs: config.PATCHBAY_SYNC_POLL_S * 1000, useLease: isPostgresUrl(config.DATABASE_URL) });
  return { stop: () => scheduler.stop() };
}
