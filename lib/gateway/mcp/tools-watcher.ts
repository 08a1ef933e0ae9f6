import { currentStamps } from "../../read-model/change-stamps";
import { onShutdown, processSlot } from "../../runtime/runtime";
import { loadTargetTools } from "../target-tools";
import { listGatewaySessions, type GatewaySession } from "./gateway-sessions";

/** How often the one watcher reads the change counters while sessions are open (one small query, for all of them). */
export const TOOLS_WATCH_INTERVAL_MS = 1_000;

type Watcher = { timer?: NodeJS.Timeout; stamp?: string; busy: boolean };
// One watcher per process, whichever route bundle opened the first session; it ends with the sessions.
const watcher = processSlot("gateway.toolsWatcher", (): Watcher => {
  onShutdown("gateway tools watcher", { stop: stopToolsWatcher });
  return { busy: false };
});

/**
 * Starts the watcher behind `notifications/tools/list_changed` (DESIGN §12) unless it runs: while any gateway
 * session is open, it reads the read model's change counters; when definitions or health (probes, pins, drift)
 * moved, it reloads each open target's tools once and notifies the sessions whose revision differs.
 */
export function ensureToolsWatcher(): void {
  if (watcher.timer) return;
  watcher.timer = setInterval(() => void tick(), TOOLS_WATCH_INTERVAL_MS);
  watcher.timer.unref();
}

function stopToolsWatcher(): void {
  clearInterval(watcher.timer);
  watcher.timer = undefined;
  watcher.stamp = undefined;
}

async function tick(): Promise<void> {
  if (watcher.busy) return;
  const sessions = listGatewaySessions();
  if (!sessions.length) return stopToolsWatcher();
  watcher.busy = true;
  try {
    const stamps = await currentStamps();
    const stamp = stamps && `${stamps.definitions}|${stamps.health}`;
    if (!stamp || stamp === watcher.stamp) return;
    watcher.stamp = stamp;
    await Promise.all([...groupByTarget(sessions).values()].map(notifyChanged));
  } catch (error) {
    console.error("Patchbay gateway: watching tool changes failed", error);
  } finally {
    watcher.busy = false;
  }
}

async function notifyChanged(sessions: GatewaySession[]): Promise<void> {
  const { target, environment } = sessions[0];
  const { revision } = await loadTargetTools(target, environment).catch(() => ({ revision: "gone" }));
  for (const session of sessions) {
    if (session.revision === revision) continue;
    session.revision = revision;
    await session.server.sendToolListChanged().catch(() => undefined);
  }
}

function groupByTarget(sessions: GatewaySession[]): Map<string, GatewaySession[]> {
  const groups = new Map<string, GatewaySession[]>();
  for (const session of sessions) {
    const key = JSON.stringify([session.target.kind, session.target.name, session.environment]);
    groups.set(key, [...(groups.get(key) ?? []), session]);
  }
  return groups;
}
