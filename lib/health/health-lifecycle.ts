import { endHealthSubscriptions } from "./health-events";
import { getProbeSettings } from "./probe-settings";
import { killAllProbeChildren, killProbeChildrenNow } from "./probe-children";
import { startHealthScheduler, type HealthScheduler } from "./scheduler";

const state = globalThis as unknown as { patchbayHealthStarted?: boolean; patchbayHealthScheduler?: HealthScheduler };

/**
 * At boot, once per process: the scheduler (unless PATCHBAY_HEALTH_INTERVAL_S=0) and the shutdown hooks. On
 * SIGTERM/SIGINT no new probe starts, event streams end (so the HTTP server can close) and stdio children get
 * SIGTERM, then SIGKILL after the grace period — or at exit, should Next exit sooner.
 */
export function startHealthChecks(): void {
  if (state.patchbayHealthStarted) return;
  state.patchbayHealthStarted = true;

  const { intervalMs, concurrency } = getProbeSettings();
  if (intervalMs > 0) state.patchbayHealthScheduler = startHealthScheduler({ intervalMs, concurrency });

  const shutdown = () => {
    void state.patchbayHealthScheduler?.stop();
    endHealthSubscriptions();
    void killAllProbeChildren();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  process.once("exit", killProbeChildrenNow);
}
