import path from "node:path";
import { Worker } from "node:worker_threads";

import type { SweepSummary } from "./sweep";
import type { SweepWorkerReply, SweepWorkerRequest } from "./sweep-worker-main";

export type SweepRunner = {
  sweep(concurrency: number): Promise<SweepSummary>;
  /** No new probe starts; the worker sends its stdio servers SIGTERM, then SIGKILL after the grace period. */
  stop(): void;
  /** The stdio servers the worker is running, for a last SIGKILL at process exit. */
  childPids(): readonly number[];
};

type Waiter = { resolve: (summary: SweepSummary) => void; reject: (error: Error) => void };

/**
 * Sweeps in a worker thread. Measured (bench/health.mjs): a 1,000-server sweep in the API's own event loop
 * pushed its p99 to over 4× idle; the worker keeps probing, parsing and recording off that loop. A worker
 * that died (it should not) is started again for the next sweep.
 */
export function createWorkerSweepRunner(): SweepRunner {
  const pending = new Map<number, Waiter>();
  let worker: Worker | undefined;
  let nextId = 1;
  let childPids: number[] = [];

  function start(): Worker {
    // Loaded from the sources at run time, not bundled: the comments keep Turbopack from tracing it.
    const entry = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "health", "sweep-worker.mjs");
    const started = new Worker(/* turbopackIgnore: true */ entry);
    started.unref();
    started.on("message", (reply: SweepWorkerReply) => {
      if (reply.type === "children") return void (childPids = reply.pids);
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.type === "done") waiter?.resolve(reply.summary);
      else waiter?.reject(new Error(`sweep worker: ${reply.message}`));
    });
    started.on("error", (error) => failAll(error));
    started.on("exit", (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`sweep worker exited with code ${code}`));
    });
    return started;
  }

  function failAll(error: Error) {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  }
  const send = (request: SweepWorkerRequest) => (worker ??= start()).postMessage(request);

  return {
    sweep(concurrency) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        send({ type: "sweep", id, concurrency });
      });
    },
    stop() {
      if (!worker) return;
      const stopping = worker;
      stopping.postMessage({ type: "stop" } satisfies SweepWorkerRequest);
      // After the children's grace period (SIGTERM, then SIGKILL 2 s later) nothing is left for it to do.
      setTimeout(() => void stopping.terminate(), 3_000).unref();
    },
    childPids: () => childPids,
  };
}
