import { approvalsStamp } from "../audit/approval-feed";
import { lastHealthCheckId, listHealthChecksAfter, listLatestStatuses, stateKey } from "../data/health-feed";
import { getConfig } from "../env";
import { processSlot } from "../runtime/runtime";
import { listBriefingsAfter, lastAlertId } from "../data/alerts";
import { recordAlert, type Alert } from "./alert-webhook";
import type { HealthResult } from "./types";

export type HealthEvent = { name: string; health: HealthResult };
/** Seed 000's AgentBriefingEvent: a negotiation that came out DEGRADED (DESIGN §19). */
export type Briefing = Extract<Alert, { type: "briefing" }>;
type Listener = (event: HealthEvent) => void;
type Subscription = { onEvent: Listener; onEnd: () => void; onApprovals: () => void; onBriefing: (briefing: Briefing) => void };

const POLL_MS = 1_000;
const BATCH = 1_000;
/**
 * Ids are handed out at insert but become visible at commit, which on PostgreSQL need not be in id order; each
 * poll looks this far back again, and per-server last-seen ids keep a re-read row from counting twice.
 */
const LOOKBACK_IDS = 100;

type Poller = {
  subscriptions: Set<Subscription>;
  timer?: NodeJS.Timeout;
  cursor: number;
  statuses: Map<number, string>;
  seen: Map<number, number>;
  /** Rows up to here were already reflected in `statuses` when polling started. */
  floor: number;
  /** Where the approvals stood at the last poll (lib/audit/approval-feed.ts). */
  approvals?: string;
  /** Briefings (the `Alert` table) up to here were read; up to `briefingFloor`, recorded before polling started. */
  briefingCursor: number;
  briefingFloor: number;
  /** Ids above `briefingCursor - LOOKBACK_IDS` already told, so a re-read row is not told twice. */
  briefingsTold: Set<number>;
  ready?: Promise<void>;
};

/** One poller per process, shared by every connected client of every route bundle. */
const poller = (): Poller => processSlot("health.eventPoller", () => ({
  subscriptions: new Set(), cursor: 0, statuses: new Map(), seen: new Map(), floor: 0, briefingCursor: 0, briefingFloor: 0, briefingsTold: new Set(),
}));

/**
 * A DEGRADED negotiation: recorded (never awaited), so the event streams of every instance tell it (`event:
 * briefing`) at their next poll, and PATCHBAY_ALERT_WEBHOOK receives it.
 */
export function publishBriefing(briefing: Briefing): void {
  recordAlert(briefing);
}

/**
 * Health status changes — and drift of the toolset from its pin (`R.drift`) — of the registry's own environment (each event's `R` names it), from the database rather than this process, so a probe recorded by any instance
 * reaches clients connected to any other. Polling starts with the first subscriber and stops with the last.
 * `ready` settles once the poller knows where the feed stands: changes recorded after that are delivered.
 * `onApprovals` is told when approval requests changed (added, decided, consumed), so inboxes re-read theirs;
 * `onBriefing` of each DEGRADED negotiation recorded by any instance after `ready` (`publishBriefing`).
 */
export function subscribeToHealthChanges(
  onEvent: Listener, onEnd: () => void = () => {}, onApprovals: () => void = () => {}, onBriefing: (briefing: Briefing) => void = () => {},
): { ready: Promise<void>; unsubscribe: () => void } {
  const shared = poller();
  const subscription = { onEvent, onEnd, onApprovals, onBriefing };
  shared.subscriptions.add(subscription);
  if (!shared.timer) start(shared);

  const unsubscribe = () => {
    shared.subscriptions.delete(subscription);
    if (shared.subscriptions.size > 0 || !shared.timer) return;
    clearInterval(shared.timer);
    shared.timer = undefined;
  };
  return { ready: shared.ready!, unsubscribe };
}

/** At shutdown: every subscriber is told to end (streams close, so the HTTP server can finish closing). */
export function endHealthSubscriptions(): void {
  for (const subscription of [...poller().subscriptions]) subscription.onEnd();
}

function start(poller: Poller) {
  // Statuses are compared with what the database holds when polling starts, not with an empty slate.
  poller.ready = Promise.all([lastHealthCheckId(), listLatestStatuses(), approvalsStamp(), lastAlertId()]).then(([cursor, statuses, approvals, alertId]) => {
    poller.approvals = approvals;
    poller.briefingCursor = alertId;
    poller.briefingFloor = alertId;
    poller.briefingsTold.clear();
    poller.cursor = cursor;
    poller.floor = cursor;
    poller.statuses = statuses;
    poller.seen.clear();
  });
  let polling = false;
  poller.timer = setInterval(() => {
    if (polling) return;
    polling = true;
    void poll(poller).catch((error) => console.error("Patchbay: health event poll failed:", error)).finally(() => (polling = false));
  }, POLL_MS);
}

async function poll(poller: Poller) {
  await poller.ready;
  const approvals = await approvalsStamp();
  if (approvals !== poller.approvals) {
    poller.approvals = approvals;
    notify(poller, (subscription) => subscription.onApprovals());
  }
  await pollBriefings(poller);
  for (;;) {
    const rows = await listHealthChecksAfter(Math.max(0, poller.cursor - LOOKBACK_IDS), BATCH);
    // The dots and lists show the registry's own environment; other environments' probes are not its changes.
    const own = getConfig().environment;
    const fresh = rows.filter((row) => row.id > (poller.seen.get(row.serverId) ?? poller.floor) && (row.result.environment ?? own) === own);
    for (const row of fresh) {
      poller.seen.set(row.serverId, row.id);
      const previous = poller.statuses.get(row.serverId) ?? "unknown";
      const next = stateKey(row.result);
      poller.statuses.set(row.serverId, next);
      if (previous !== next) emit(poller, { name: row.name, health: row.result });
    }
    const last = rows.at(-1)?.id ?? poller.cursor;
    poller.cursor = Math.max(poller.cursor, last);
    if (rows.length < BATCH) return;
  }
}

/** Briefings recorded since the last poll, by any instance, told in the order they were recorded. */
async function pollBriefings(poller: Poller) {
  const rows = await listBriefingsAfter(Math.max(poller.briefingFloor, poller.briefingCursor - LOOKBACK_IDS), BATCH);
  for (const row of rows) {
    if (poller.briefingsTold.has(row.id)) continue;
    poller.briefingsTold.add(row.id);
    const briefing = JSON.parse(row.payload) as Briefing;
    notify(poller, (subscription) => subscription.onBriefing(briefing));
  }
  poller.briefingCursor = Math.max(poller.briefingCursor, rows.at(-1)?.id ?? 0);
  for (const id of poller.briefingsTold) if (id <= poller.briefingCursor - LOOKBACK_IDS) poller.briefingsTold.delete(id);
}

function emit(poller: Poller, event: HealthEvent) {
  notify(poller, (subscription) => subscription.onEvent(event));
}

function notify(poller: Poller, tell: (subscription: Subscription) => void) {
  for (const subscription of poller.subscriptions) {
    try {
      tell(subscription);
    } catch {
      // one broken stream must not keep the event from the others
    }
  }
}
