import { metrics } from "../metrics/registry";
import { endHealthSubscriptions } from "./health-events";
import { getProbeSettings } from "./probe-settings";
import { killAllProbeChildren, killProbeChildrenNow, refuseNewProbeChildren, signalProcessGroup } from "./probe-children";
import { startHealthScheduler } from "./scheduler";
import { createWorkerSweepRunner } from "./sweep-runner";

const state = globalThis as unknown as { patchbayHealthStarted?: boolean };

/**
 * At boot, once per process: the scheduler (unless PATCHBAY_HEALTH_INTERVAL_S=0), sweeping in a worker
 * thread, and the shutdown hooks. On SIGTERM/SIGINT no new probe starts, event streams end (so the HTTP server
 * can close) and stdio children — this thread's and the worker's — get SIGTERM, then SIGKILL after the grace
 * period, or at exit should Next exit sooner.
 */
export function startHealthChecks(): void {
  if (state.patchbayHealthStarted) return;
  state.patchbayHealthStarted = true;

  const { intervalMs, concurrency } = getProbeSettings();
  const runner = intervalMs > 0 ? createWorkerSweepRunner() : undefined;
  const scheduler = runner && startHealthScheduler({ intervalMs, sweep: () => timedSweep(() => runner.sweep(concurrency)) });

  const shutdown = () => {
    runner?.stop();
    void scheduler?.stop();
    endHealthSubscriptions();
    // A call retried while stopping must not start a stdio server that outlives Patchbay.
    refuseNewProbeChildren();
    void killAllProbeChildren();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  process.once("exit", () => {
    killProbeChildrenNow();
    for (const pid of runner?.childPids() ?? []) signalProcessGroup(pid, "SIGKILL");
  });
}

/** `patchbay_sweep_duration_seconds` (DESIGN §12): one observation per finished sweep. */
async function timedSweep<T>(sweep: () => Promise<T>): Promise<T> {
  const end = metrics.sweepDuration.startTimer();
  try {
    return await sweep();
  } finally {
    end();
  }
}
