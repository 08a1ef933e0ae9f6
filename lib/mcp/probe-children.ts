import type { ChildProcess } from "node:child_process";

import { processSlot } from "../runtime/runtime";

/**
 * Every stdio server a probe or tool call started and has not stopped yet. Each runs in its own process group
 * (spawned `detached`, so its pid is the group id) and is always stopped as a group, grandchildren included.
 * A runtime slot: Next bundles route handlers and instrumentation separately, and shutdown (instrumentation)
 * must see the routes' children. `stopping`: shutdown has begun.
 */
const state = processSlot("health.probeChildren", () => ({ live: new Set<ChildProcess>(), stopping: false }));
const liveChildren = state.live;
const stopping = new WeakMap<ChildProcess, Promise<void>>();

export const KILL_GRACE_MS = 2_000;

let onChange: ((pids: number[]) => void) | undefined;

/**
 * Tracked until `stopProbeChild` has stopped its group (not merely until it exits: its group may outlive it).
 * Once shutdown has begun, a child is stopped as soon as it is tracked: nothing started late outlives Patchbay.
 */
export function trackProbeChild(child: ChildProcess): void {
  if (child.pid === undefined) return;
  liveChildren.add(child);
  onChange?.(listProbeChildPids());
  if (state.stopping) void stopProbeChild(child);
}

/** True once shutdown has begun: no stdio server may start any more (a call retried meanwhile must not spawn one). */
export function isStoppingChildren(): boolean {
  return state.stopping;
}

/** Told the pids (= process group ids) of the running stdio servers whenever they change. */
export function watchProbeChildren(listener: (pids: number[]) => void): void {
  onChange = listener;
}

export function countProbeChildren(): number {
  return liveChildren.size;
}

/**
 * SIGTERM to the child's process group, then — once the child has exited or after `graceMs` — SIGKILL to the
 * group, so nothing it started outlives the probe. Idempotent: concurrent calls share one stop.
 */
export function stopProbeChild(child: ChildProcess, graceMs = KILL_GRACE_MS): Promise<void> {
  if (child.pid === undefined) return Promise.resolve();
  let stopped = stopping.get(child);
  if (!stopped) {
    stopped = stopGroup(child, child.pid, graceMs).finally(() => {
      liveChildren.delete(child);
      onChange?.(listProbeChildPids());
    });
    stopping.set(child, stopped);
  }
  return stopped;
}

/** For shutdown, before killAllProbeChildren: from now on no stdio server starts, and one started late is stopped. */
export function refuseNewProbeChildren(): void {
  state.stopping = true;
}

/** Stops every stdio server still running. */
export async function killAllProbeChildren(graceMs = KILL_GRACE_MS): Promise<void> {
  await Promise.all([...liveChildren].map((child) => stopProbeChild(child, graceMs)));
}

/** Process group ids of the stdio servers still running (a sweep worker hands them to the main thread). */
export function listProbeChildPids(): number[] {
  return [...liveChildren].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

/** For the last moment of a process exit, when no timer will fire any more: SIGKILL to whatever is left. */
export function killProbeChildrenNow(): void {
  for (const pid of listProbeChildPids()) signalProcessGroup(pid, "SIGKILL");
}

/** Signals the whole group `pid` leads; a group that is already gone is not an error. */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: every member has exited
  }
}

async function stopGroup(child: ChildProcess, pid: number, graceMs: number): Promise<void> {
  const exited = hasExited(child) ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (!hasExited(child)) {
    signalProcessGroup(pid, "SIGTERM");
    await Promise.race([exited, delay(graceMs)]);
  }
  // Also after a clean exit: a grandchild that ignored SIGTERM, or one the child left behind, is still in the group.
  signalProcessGroup(pid, "SIGKILL");
  await Promise.race([exited, delay(1_000)]);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}
