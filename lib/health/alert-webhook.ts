import { getConfig } from "../env";
import { createSafeFetch } from "../mcp/safe-fetch";
import { onShutdown, processSlot } from "../runtime/runtime";
import { getProbeSettings } from "./probe-settings";
import type { HealthStatus } from "./types";

/**
 * What PATCHBAY_ALERT_WEBHOOK receives, one JSON POST each (DESIGN §19, seeds 003 and 000): a server's health
 * status changed in an environment, or a negotiation came out DEGRADED. Names, statuses and the scrubbed reason
 * only: never a URL, header, parameter or credential of any server.
 */
export type Alert =
  | {
    type: "health_changed"; server: string; environment: string; status: HealthStatus; previous: HealthStatus;
    reason: string | null; checked_at: string | null;
  }
  | {
    type: "briefing"; status: "DEGRADED"; environment: string; requires: string[]; missing: string[];
    bindings: Record<string, { server: string; health: HealthStatus }>; at: string;
  };

/** Tries per alert: the first and three retries, waiting 250 ms, 1 s, 4 s between them (plus up to 25 % jitter). */
export const ALERT_ATTEMPTS = 4;
const BACKOFF_MS = [250, 1_000, 4_000];
/** Per attempt, up to the response headers: a receiver that never answers holds an alert this long, no more. */
const ATTEMPT_TIMEOUT_MS = 5_000;
/** Alerts waiting beyond this many are dropped, oldest first (said once in the log each time). */
const MAX_QUEUED = 1_000;

type Outbox = { queue: Alert[]; isSending: boolean; stopped: AbortController };

/** One outbox per process (the sweep worker has its own): alerts leave one at a time, in the order they happened. */
const outbox = (): Outbox => processSlot("health.alertOutbox", () => {
  const created: Outbox = { queue: [], isSending: false, stopped: new AbortController() };
  onShutdown("health.alertOutbox", { stop: () => created.stopped.abort() });
  return created;
});

export function isAlertWebhookSet(): boolean {
  return getConfig().PATCHBAY_ALERT_WEBHOOK !== undefined;
}

/**
 * Queues `alert` for the webhook and returns at once: nothing waits on the receiver. Each alert is tried
 * ALERT_ATTEMPTS times at most (a 2xx ends it; a 4xx other than 408 and 429 too — asking again would not help),
 * each attempt bounded by ATTEMPT_TIMEOUT_MS, through the probes' outbound policy (PATCHBAY_OUTBOUND_ALLOW/DENY).
 * Nothing when PATCHBAY_ALERT_WEBHOOK is unset.
 */
export function sendAlert(alert: Alert): void {
  if (!isAlertWebhookSet()) return;
  const box = outbox();
  if (box.stopped.signal.aborted) return;
  box.queue.push(alert);
  if (box.queue.length > MAX_QUEUED) {
    box.queue.shift();
    console.warn(`Patchbay: alert webhook: more than ${MAX_QUEUED} alerts waiting; the oldest was dropped`);
  }
  if (!box.isSending) void drain(box);
}

async function drain(box: Outbox): Promise<void> {
  box.isSending = true;
  try {
    for (let alert = box.queue.shift(); alert; alert = box.queue.shift()) await deliver(alert, box.stopped.signal);
  } finally {
    box.isSending = false;
  }
}

async function deliver(alert: Alert, stopped: AbortSignal): Promise<void> {
  const url = getConfig().PATCHBAY_ALERT_WEBHOOK!;
  const { policy } = getProbeSettings();
  // A webhook URL often is a credential itself (a Slack or Teams hook): it is never logged, nor anything that quotes it.
  const safeFetch = createSafeFetch(policy, { timeoutMs: ATTEMPT_TIMEOUT_MS, crossOriginRedirects: "refuse", maxResponseBytes: 64 * 1024 });
  const body = JSON.stringify(alert);
  let outcome = "";
  for (let attempt = 1; attempt <= ALERT_ATTEMPTS && !stopped.aborted; attempt++) {
    if (attempt > 1) await pause(BACKOFF_MS[Math.min(attempt - 2, BACKOFF_MS.length - 1)], stopped);
    try {
      const response = await safeFetch(url, { method: "POST", headers: { "Content-Type": "application/json", "User-Agent": "Patchbay" }, body, signal: stopped });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return;
      outcome = `answered ${response.status}`;
      if (response.status < 500 && response.status !== 408 && response.status !== 429) break;
    } catch (error) {
      outcome = failureName(error);
    }
  }
  if (!stopped.aborted) console.error(`Patchbay: alert webhook: the ${alert.type} alert was not delivered (${outcome})`);
}

/** A failure said without its message, which may quote the webhook's URL. */
function failureName(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.name : "failed";
}

function pause(ms: number, stopped: AbortSignal): Promise<void> {
  const jittered = ms + Math.floor(Math.random() * ms * 0.25);
  return new Promise((resolve) => {
    const timer = setTimeout(done, jittered);
    function done() {
      clearTimeout(timer);
      stopped.removeEventListener("abort", done);
      resolve();
    }
    stopped.addEventListener("abort", done);
  });
}
