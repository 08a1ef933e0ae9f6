import { hostname } from "node:os";
import { randomBytes } from "node:crypto";

import { releaseLease, tryAcquireLease } from "../data/lease";
import type { SweepSummary } from "./sweep";

export const SWEEP_LEASE = "health-sweep";
/** The first sweep comes this soon after start (or after one interval, if that is shorter). */
const FIRST_SWEEP_DELAY_MS = 3_000;

export type HealthScheduler = { stop(): Promise<void> };
export type SchedulerOptions = { intervalMs: number; sweep: () => Promise<SweepSummary>; log?: (line: string) => void };

/**
 * Sweeps every `intervalMs`. In this process a tick that finds the previous sweep still running is skipped;
 * across processes the database lease lets one instance sweep: it holds the lease for two intervals and
 * renews it at every tick and while a long sweep runs, so others take over only once it stops or dies.
 */
export function startHealthScheduler({ intervalMs, sweep, log = console.log }: SchedulerOptions): HealthScheduler {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const ttlMs = intervalMs * 2;
  let running: Promise<void> | undefined;

  async function tick() {
    if (running) return log("Patchbay: health sweep skipped: the previous one is still running");
    running = sweepIfLeaseHeld().finally(() => (running = undefined));
  }

  async function sweepIfLeaseHeld() {
    try {
      if (!(await tryAcquireLease(SWEEP_LEASE, holder, ttlMs))) return;
      const renew = setInterval(() => void tryAcquireLease(SWEEP_LEASE, holder, ttlMs).catch(() => {}), intervalMs);
      try {
        const summary = await sweep();
        log(`Patchbay: health sweep by ${holder}: ${summary.servers} servers in ${summary.durationMs} ms`);
      } finally {
        clearInterval(renew);
      }
    } catch (error) {
      console.error("Patchbay: health sweep failed:", error);
    }
  }

  const first = setTimeout(() => {
    void tick();
    timer = setInterval(() => void tick(), intervalMs);
  }, Math.min(FIRST_SWEEP_DELAY_MS, intervalMs));
  let timer: NodeJS.Timeout | undefined;

  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
      await releaseLease(SWEEP_LEASE, holder).catch(() => {});
    },
  };
}
