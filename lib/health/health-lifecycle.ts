import { killAllProbeChildren, killProbeChildrenNow, refuseNewProbeChildren, signalProcessGroup } from "../mcp/probe-children";
import { metrics } from "../metrics/registry";
import type { Teardown } from "../runtime/runtime";
import { endHealthSubscriptions } from "./health-events";
import { getProbeSettings } from "./probe-settings";
import { startHealthScheduler } from "./scheduler";
import { createWorkerSweepRunner } from "./sweep-runner";

/**
 * A runtime service started at boot, once per process: the scheduler (unless PATCHBAY_HEALTH_INTERVAL_S=0),
 * sweeping in a worker thread. Stopping it, no new probe starts, event streams end (so the HTTP server can close)
 * and stdio children — this thread's and the worker's — get SIGTERM, then SIGKILL after the grace period, or at
 * exit should Next exit sooner.
 */
export function startHealthChecks(): Teardown {
  const { intervalMs, concurrency } = getProbeSettings();
  const runner = intervalMs > 0 ? createWorkerSweepRunner() : undefined;
  const scheduler = runner && startHealthScheduler({ intervalMs, sweep: () => timedSweep(() => runner.sweep(concurrency)) });

  return {
    stop() {
      runner?.stop();
      void scheduler?.stop();
      endHealthSubscriptions();
      // A call retried while stopping must not start a stdio server that outlives Patchbay.
      refuseNewProbeChildren();
      return killAllProbeChildren();
    },
    atExit() {
      killProbeChildrenNow();
      for (const pid of runner?.childPids() ?? []) signalProcessGroup(pid, "SIGKILL");
    },
  };
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
