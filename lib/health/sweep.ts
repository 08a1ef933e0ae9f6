import { listProbeTargets } from "../registry/probe-targets";
import { getConfig } from "../env";
import { checkServer, type ProbeTarget } from "./check-server";

export type SweepSummary = { servers: number; failed: number; durationMs: number };

const PAGE_SIZE = 500;

/**
 * One pass over every registered server in every environment of PATCHBAY_HEALTH_ENVIRONMENTS (default: the
 * registry's own), `concurrency` probes at a time; each (server, environment) is recorded on its own. Each probe is bounded by the one
 * probe timeout, so a hung server costs only its own slot for that long. Stops taking new servers once
 * `signal` aborts; probes already running finish.
 */
export async function sweepAllServers({ concurrency, signal }: { concurrency: number; signal?: AbortSignal }): Promise<SweepSummary> {
  const startedAt = performance.now();
  let servers = 0;
  let failed = 0;
  const pages = pagesOfTargets();

  let queue: ProbeTarget[] = [];
  let exhausted = false;
  let refill: Promise<void> | undefined;
  async function next(): Promise<ProbeTarget | undefined> {
    while (queue.length === 0 && !exhausted && !signal?.aborted) {
      refill ??= pages.next().then((page) => {
        if (page.done) exhausted = true;
        else queue = queue.concat(page.value);
        refill = undefined;
      });
      await refill;
    }
    return signal?.aborted ? undefined : queue.shift();
  }

  const environments = getConfig().healthEnvironments;
  async function worker() {
    for (let target = await next(); target; target = await next()) {
      servers++;
      for (const environment of environments) {
        // A failure to record one server (say, deleted mid-sweep) must not end the sweep for the others.
        await checkServer(target, { environment }).catch((error) => {
          failed++;
          if (failed === 1) console.error(`Patchbay: health check of '${target!.server.name}' in '${environment}' failed:`, error);
        });
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { servers, failed, durationMs: Math.round(performance.now() - startedAt) };
}

async function* pagesOfTargets(): AsyncGenerator<ProbeTarget[]> {
  let afterId = 0;
  for (;;) {
    const page = await listProbeTargets(afterId, PAGE_SIZE);
    if (page.length === 0) return;
    yield page;
    afterId = page[page.length - 1].id;
  }
}
