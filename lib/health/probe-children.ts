import type { ChildProcess } from "node:child_process";

/**
 * Every stdio server a probe or tool call started and that has not exited yet. On globalThis: Next bundles
 * route handlers and instrumentation separately, and shutdown (instrumentation) must see the routes' children.
 */
const state = globalThis as unknown as { patchbayProbeChildren?: Set<ChildProcess> };
const liveChildren = (state.patchbayProbeChildren ??= new Set<ChildProcess>());

export const KILL_GRACE_MS = 2_000;

let onChange: ((pids: number[]) => void) | undefined;

export function trackProbeChild(child: ChildProcess): void {
  if (child.pid === undefined || hasExited(child)) return;
  liveChildren.add(child);
  onChange?.(listProbeChildPids());
  child.once("exit", () => {
    liveChildren.delete(child);
    onChange?.(listProbeChildPids());
  });
}

/** Told the pids of the running stdio servers whenever they change (a sweep worker tells the main thread). */
export function watchProbeChildren(listener: (pids: number[]) => void): void {
  onChange = listener;
}

export function countProbeChildren(): number {
  return liveChildren.size;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited (or a last second after SIGKILL). */
export async function stopProbeChild(child: ChildProcess, graceMs = KILL_GRACE_MS): Promise<void> {
  if (child.pid === undefined || hasExited(child)) return;

  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  const giveUp = new Promise<void>((resolve) => setTimeout(resolve, graceMs + 1_000).unref());
  await Promise.race([exited, giveUp]);
  clearTimeout(killer);
}

/** For shutdown: stops every stdio server still running. */
export async function killAllProbeChildren(graceMs = KILL_GRACE_MS): Promise<void> {
  await Promise.all([...liveChildren].map((child) => stopProbeChild(child, graceMs)));
}

/** Pids of the stdio servers still running (a sweep worker hands them to the main thread at shutdown). */
export function listProbeChildPids(): number[] {
  return [...liveChildren].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

/** For the last moment of a process exit, when no timer will fire any more: SIGKILL to whatever is left. */
export function killProbeChildrenNow(): void {
  for (const child of liveChildren) child.kill("SIGKILL");
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}
