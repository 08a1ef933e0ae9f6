import { createHash } from "node:crypto";

import type { Deadline } from "../mcp/deadline";
import { openSession, type McpSession } from "../mcp/mcp-session";
import type { OutboundPolicy } from "../mcp/outbound-policy";
import type { ResolvedConfig } from "../resolve/types";
import { onShutdown, processSlot } from "../runtime/runtime";
import type { UpstreamScope } from "./types";

/** An idle pooled session is closed after this long; the next call opens another. */
export const IDLE_SESSION_MS = 60_000;

type Entry = { key: string; session: McpSession; connected: Promise<void>; lastUsedAt: number; scoped: boolean };
type Pool = { entries: Map<string, Entry>; sweeper?: NodeJS.Timeout };

// One pool per process, shared by every route bundle; its sessions close once Patchbay no longer serves.
const pool = processSlot("gateway.upstreamPool", (): Pool => {
  onShutdown("upstream session pool", { close: closeAllSessions });
  return { entries: new Map() };
});

/** `connected` settles once the session may be used; on failure, `session.trace` tells what went over the wire. */
export type PooledSession = { session: McpSession; connected: Promise<void>; discard(): Promise<void> };
export type BorrowOptions = { server: string; environment: string; scope: UpstreamScope; policy: OutboundPolicy; timeoutMs: number; deadline: Deadline; secrets: readonly string[] };

/**
 * A connected MCP client session for one upstream (DESIGN §12): http and sse sessions are pooled per (server,
 * environment, hash of the resolved config) and shared by concurrent calls; stdio sessions belong to the caller's
 * `UpstreamScope` and are closed with it (the process group signalled). `discard()` drops a session after a
 * transport failure, so the next call starts afresh.
 */
export function borrowSession(config: ResolvedConfig, options: BorrowOptions): PooledSession {
  const isScoped = config.type === "stdio";
  const key = sessionKey(config, options, isScoped);
  let entry = pool.entries.get(key);
  if (!entry) {
    const session = openSession(config, { policy: options.policy, timeoutMs: options.timeoutMs, secrets: options.secrets });
    const created: Entry = { key, session, connected: session.connect(options.deadline), lastUsedAt: Date.now(), scoped: isScoped };
    created.connected.catch(() => discard(created));
    pool.entries.set(key, created);
    if (isScoped) options.scope.onClose?.(() => discard(created));
    entry = created;
    startSweeper();
  }
  const borrowed = entry;
  borrowed.lastUsedAt = Date.now();
  return { session: borrowed.session, connected: options.deadline.race(borrowed.connected), discard: () => discard(borrowed) };
}

/** Closes every pooled session (at shutdown, and between tests of the pool). */
export async function closeAllSessions(): Promise<void> {
  await Promise.allSettled([...pool.entries.values()].map(discard));
}

async function discard(entry: Entry): Promise<void> {
  if (pool.entries.get(entry.key) === entry) pool.entries.delete(entry.key);
  await entry.session.close({ endSession: true });
}

function sessionKey(config: ResolvedConfig, options: BorrowOptions, isScoped: boolean): string {
  const configHash = createHash("sha256").update(JSON.stringify(config)).digest("hex");
  return JSON.stringify([options.server, options.environment, configHash, isScoped ? options.scope.id : null]);
}

function startSweeper(): void {
  if (pool.sweeper) return;
  pool.sweeper = setInterval(() => {
    const cutoff = Date.now() - IDLE_SESSION_MS;
    for (const entry of pool.entries.values()) if (!entry.scoped && entry.lastUsedAt < cutoff) void discard(entry);
    if (pool.entries.size === 0) {
      clearInterval(pool.sweeper);
      pool.sweeper = undefined;
    }
  }, IDLE_SESSION_MS / 4);
  pool.sweeper.unref();
}
