import fs from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

import { releaseLease, tryAcquireLease } from "../data/lease";
import { runSync } from "./run-sync";
import { recordSyncRun } from "./sync-status";
import type { SyncSource } from "./sync-source";

export const SYNC_LEASE = "gitops-sync";
/** Editors write a file in several steps; one run after the last of a burst of changes. */
const DEBOUNCE_MS = 250;

export type SyncScheduler = { stop(): Promise<void> };

/**
 * Syncs at start, on every change under the path (a file watch, debounced) and every `pollMs` (a watch can
 * miss changes: network filesystems, a path created later). Runs never overlap: a change during a run asks for
 * one more. With `useLease` (PostgreSQL) only the holder of the sync lease runs; the others stand by and take
 * over once it stops renewing.
 */
export function startSyncScheduler(source: SyncSource, { pollMs, useLease }: { pollMs: number; useLease: boolean }): SyncScheduler {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const ttlMs = Math.max(pollMs * 3, 30_000);
  let running: Promise<void> | undefined;
  let isRequested = false;
  let debounce: NodeJS.Timeout | undefined;
  let watcher: fs.FSWatcher | undefined;

  function request() {
    if (running) {
      isRequested = true;
      return;
    }
    running = syncOnce().finally(() => {
      running = undefined;
      if (isRequested) {
        isRequested = false;
        request();
      }
    });
  }

  async function syncOnce() {
    try {
      if (useLease && !(await tryAcquireLease(SYNC_LEASE, holder, ttlMs))) return recordSyncRun(source.path, { status: "standby" });
      // A long run keeps the lease: nobody else may start one meanwhile.
      const renew = useLease ? setInterval(() => void tryAcquireLease(SYNC_LEASE, holder, ttlMs).catch(() => {}), ttlMs / 3) : undefined;
      try {
        recordSyncRun(source.path, await runSync(source.path));
      } finally {
        clearInterval(renew);
      }
    } catch (error) {
      // Never thrown at anyone: the status says it failed, the log says why.
      console.error("Patchbay: sync failed:", error);
      const report = { format: null, created: [], updated: [], pruned: [], kept: [], errors: [{ path: "", message: "The sync run failed unexpectedly; see the server log." }] };
      recordSyncRun(source.path, { status: "error", report });
    }
  }

  function onChange() {
    clearTimeout(debounce);
    debounce = setTimeout(request, DEBOUNCE_MS);
  }

  function ensureWatcher() {
    if (watcher || !source.isWatched) return;
    watcher = watchPath(source.path, onChange);
  }

  ensureWatcher();
  request();
  const poll = source.isWatched
    ? setInterval(() => {
        ensureWatcher();
        request();
      }, pollMs)
    : undefined;

  return {
    async stop() {
      clearInterval(poll);
      clearTimeout(debounce);
      watcher?.close();
      await running;
      if (useLease) await releaseLease(SYNC_LEASE, holder).catch(() => {});
    },
  };
}

/** A directory is watched whole; a file through its folder, since editors replace files by renaming. */
function watchPath(target: string, onChange: () => void): fs.FSWatcher | undefined {
  try {
    if (fs.statSync(target).isDirectory()) return fs.watch(target, { recursive: true }, onChange).on("error", () => {});
    const name = path.basename(target);
    return fs.watch(path.dirname(target), (_event, changed) => {
      if (changed === null || changed === name) onChange();
    }).on("error", () => {});
  } catch {
    return undefined; // not there yet: the poll syncs (and reports it missing) and tries again
  }
}
