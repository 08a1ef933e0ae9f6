import { randomUUID } from "node:crypto";

import { countAlertAttempt, MAX_PENDING_ALERTS, oldestPendingAlert, settleAlert, storeAlert, type StoredAlert } from "../data/alerts";
import { releaseLease, tryAcquireLease } from "../data/lease";
import { getConfig } from "../env";
import { createSafeFetch } from "../mcp/safe-fetch";
import { findProcessSlot, processSlot, type Teardown } from "../runtime/runtime";
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
/** How often the deliverer looks for alerts recorded elsewhere (the sweep worker, another instance). */
const POLL_MS = 1_000;
/** One instance delivers at a time, so alerts leave in the order they were recorded; renewed before every try. */
const DELIVERY_LEASE = "alert-webhook";
const LEASE_TTL_MS = 30_000;

type Deliverer = { holder: string; stopped: AbortController; timer?: NodeJS.Timeout; running?: Promise<void>; again: boolean };

/** Set in the thread that runs the `alerts` service: the one that delivers. Other threads only record. */
const findDeliverer = () => findProcessSlot<Deliverer>("health.alertDeliverer");

export function isAlertWebhookSet(): boolean {
  return getConfig().PATCHBAY_ALERT_WEBHOOK !== undefined;
}

/**
 * Records `alert` and returns at once: nothing waits on the database or the receiver, and a failure to record is
 * logged, never thrown at the caller. A health change is recorded only for a webhook; a briefing always (every
 * instance's event stream reads them). Recorded alerts survive a restart until delivered (at least once).
 */
export function recordAlert(alert: Alert): void {
  const pending = isAlertWebhookSet();
  if (!pending && alert.type !== "briefing") return;
  void storeAlert(alert.type, JSON.stringify(alert), pending)
    .then((dropped) => {
      if (dropped > 0) console.warn(`Patchbay: alert webhook: more than ${MAX_PENDING_ALERTS} alerts waiting; the oldest ${dropped} were dropped`);
      const deliverer = findDeliverer();
      if (pending && deliverer) kick(deliverer);
    })
    .catch((error) => console.error(`Patchbay: an alert could not be recorded (${failureName(error)})`));
}

/**
 * The `alerts` runtime service: delivers recorded alerts to PATCHBAY_ALERT_WEBHOOK, oldest first, one at a time,
 * each tried ALERT_ATTEMPTS times at most (a 2xx ends it; a 4xx other than 408 and 429 too — asking again would not
 * help), each attempt bounded by ATTEMPT_TIMEOUT_MS, through the probes' outbound policy. Across instances the
 * `alert-webhook` lease lets one deliver. Nothing when PATCHBAY_ALERT_WEBHOOK is unset.
 */
export function startAlertDelivery(): Teardown | undefined {
  if (!isAlertWebhookSet()) return undefined;
  const deliverer = processSlot<Deliverer>("health.alertDeliverer", () => ({ holder: randomUUID(), stopped: new AbortController(), again: false }));
  deliverer.timer = setInterval(() => kick(deliverer), POLL_MS);
  deliverer.timer.unref();
  kick(deliverer);
  return {
    async stop() {
      deliverer.stopped.abort();
      clearInterval(deliverer.timer);
      await deliverer.running;
      await releaseLease(DELIVERY_LEASE, deliverer.holder).catch(() => {});
    },
  };
}

function kick(deliverer: Deliverer): void {
  if (deliverer.stopped.signal.aborted) return;
  if (deliverer.running) {
    deliverer.again = true;
    return;
  }
  deliverer.running = drain(deliverer)
    .catch((error) => console.error(`Patchbay: alert webhook: delivery paused (${failureName(error)})`))
    .finally(() => {
      deliverer.running = undefined;
      if (!deliverer.again) return;
      deliverer.again = false;
      kick(deliverer);
    });
}

async function drain(deliverer: Deliverer): Promise<void> {
  const { signal } = deliverer.stopped;
  // Idle, a poll is one read; the lease is taken only when something is owed, then the queue is read again under it.
  while (!signal.aborted && (await oldestPendingAlert()) && (await holdLease(deliverer))) {
    const next = await oldestPendingAlert();
    if (next) await deliver(next, deliverer);
  }
}

const holdLease = (deliverer: Deliverer) => tryAcquireLease(DELIVERY_LEASE, deliverer.holder, LEASE_TTL_MS);

async function deliver(alert: StoredAlert, deliverer: Deliverer): Promise<void> {
  const stopped = deliverer.stopped.signal;
  const url = getConfig().PATCHBAY_ALERT_WEBHOOK!;
  const { policy } = getProbeSettings();
  // A webhook URL often is a credential itself (a Slack or Teams hook): it is never logged, nor anything that quotes it.
  const safeFetch = createSafeFetch(policy, { timeoutMs: ATTEMPT_TIMEOUT_MS, crossOriginRedirects: "refuse", maxResponseBytes: 64 * 1024 });
  let outcome = "interrupted";
  // Tries made before a restart count: an alert is given up after ALERT_ATTEMPTS in all.
  for (let attempt = alert.attempts + 1; attempt <= ALERT_ATTEMPTS; attempt++) {
    if (attempt > alert.attempts + 1) await pause(BACKOFF_MS[Math.min(attempt - 2, BACKOFF_MS.length - 1)], stopped);
    // Stopped, or another instance took delivery over: the alert stays pending for whoever delivers next.
    if (stopped.aborted || !(await holdLease(deliverer))) return;
    await countAlertAttempt(alert.id);
    try {
      const response = await safeFetch(url, { method: "POST", headers: { "Content-Type": "application/json", "User-Agent": "Patchbay" }, body: alert.payload, signal: stopped });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return settleAlert(alert.id);
      outcome = `answered ${response.status}`;
      if (response.status < 500 && response.status !== 408 && response.status !== 429) break;
    } catch (error) {
      if (stopped.aborted) return;
      outcome = failureName(error);
    }
  }
  await settleAlert(alert.id);
  console.error(`Patchbay: alert webhook: the ${alert.type} alert was not delivered (${outcome})`);
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
