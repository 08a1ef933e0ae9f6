import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

import { prepareDatabase } from "../db";
import { killAllProbeChildren, refuseNewProbeChildren, watchProbeChildren } from "../mcp/probe-children";
import { sweepAllServers } from "./sweep";

export type SweepWorkerRequest = { type: "sweep"; id: number; concurrency: number } | { type: "stop" };
export type SweepWorkerReply =
  | { type: "done"; id: number; summary: Awaited<ReturnType<typeof sweepAllServers>> }
  | { type: "failed"; id: number; message: string }
  | { type: "children"; pids: number[] };

/** The worker side of `sweep-runner.ts`: sweeps on request with its own database connection. */
const port = parentPort!;
const stopping = new AbortController();
lowerThreadPriority();

await prepareDatabase();
// The main thread holds the pids too: at process exit this thread may be gone before its SIGKILL timers fire.
watchProbeChildren((pids) => port.postMessage({ type: "children", pids } satisfies SweepWorkerReply));

port.on("message", (request: SweepWorkerRequest) => {
  if (request.type === "stop") {
    stopping.abort();
    refuseNewProbeChildren();
    void killAllProbeChildren();
    return;
  }
  sweepAllServers({ concurrency: request.concurrency, signal: stopping.signal }).then(
    (summary) => port.postMessage({ type: "done", id: request.id, summary } satisfies SweepWorkerReply),
    (error: Error) => port.postMessage({ type: "failed", id: request.id, message: error.stack ?? String(error) } satisfies SweepWorkerReply),
  );
});

/**
 * A little below requests (nice 5: about a quarter of a core when both want the same one), on Linux only, where
 * the nice value is per thread; elsewhere it would slow the whole process. Not lower: a sweep starved of CPU
 * under heavy API load would time probes out and report healthy servers down (nice 19 did, in bench/health.mjs).
 */
function lowerThreadPriority() {
  if (process.platform !== "linux") return;
  try {
    setPriority(5);
  } catch {
    // not permitted here; the sweep runs at normal priority
  }
}
