import { createHash } from "node:crypto";

import { ProtocolError, SdkHttpError } from "@modelcontextprotocol/client";

import type { Deadline } from "../mcp/deadline";
import { openSession, type ClientPeer, type McpSession } from "../mcp/mcp-session";
import type { OutboundPolicy } from "../mcp/outbound-policy";
import type { ResolvedConfig } from "../resolve/types";
import { onShutdown, processSlot } from "../runtime/runtime";
import type { Redaction } from "../schemas/server-behaviour";
import { redactingPeer, redactOnce } from "./redact";
import type { UpstreamScope } from "./types";

/** An idle pooled session is closed after this long; the next call opens another. */
export const IDLE_SESSION_MS = 60_000;

/** `redaction`: the server's, as its latest borrower read it (what its messages to a client are redacted with). */
type Entry = { key: string; session: McpSession; connected: Promise<McpSession>; lastUsedAt: number; scoped: boolean; redaction: Redaction | undefined };
type Pool = { entries: Map<string, Entry>; sweeper?: NodeJS.Timeout };

// One pool per process, shared by every route bundle; its sessions close once Patchbay no longer serves.
const pool = processSlot("gateway.upstreamPool", (): Pool => {
  onShutdown("upstream session pool", { close: closeAllSessions });
  return { entries: new Map() };
});

/**
 * `connected` settles with the session once it may be used; on failure, `session()` (the last one tried) tells
 * through its `trace` what went over the wire.
 */
export type PooledSession = { session(): McpSession; connected: Promise<McpSession>; discard(): Promise<void> };

/**
 * Whom a gateway's upstream session relays for (DESIGN §16): sessions are shared only between callers with the same
 * `key` — the capabilities declared upstream and the handshake tried first; the caller's own (its token's key) when
 * it declared anything an upstream may ask of it; and, for what must reach one client only (resource
 * subscriptions), that client's own.
 */
export type UpstreamProfile = {
  key: string;
  peer: ClientPeer;
  /** The sessions are one client's own: they close with the caller's scope (its gateway session), not when idle. */
  owned?: boolean;
};

export type BorrowOptions = {
  server: string; environment: string; scope: UpstreamScope; policy: OutboundPolicy; timeoutMs: number; deadline: Deadline; secrets: readonly string[];
  profile?: UpstreamProfile;
  /**
   * The server's `redaction` (DESIGN §12): with `secrets`, applied to everything its sessions send a relayed client
   * — notifications and requests — as to a tool's result.
   */
  redaction?: Redaction;
  /** Whose connection the session signs in with (a `per_user` server): sessions of two people are never shared. */
  person?: string;
};

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
  // A call retried after its gateway session ended must not start a server nobody will stop.
  if (!entry && (isScoped || options.profile?.owned) && options.scope.isClosed?.()) throw new Error("the gateway session that would own this server has ended");
  if (!entry) {
    // Whatever the server sends towards the client is redacted first; the secrets are the session's own (its config's).
    const peer = options.profile && redactingPeer(options.profile.peer, (value) => redactOnce(created.redaction, options.secrets, value));
    const session = openSession(config, { policy: options.policy, timeoutMs: options.timeoutMs, secrets: options.secrets, peer });
    // A stdio server, or a session one client owns, lives as long as its scope (never swept for idleness).
    const created: Entry = { key, session, connected: Promise.resolve(session), lastUsedAt: Date.now(), scoped: isScoped || options.profile?.owned === true, redaction: options.redaction };
    created.connected = connectPreferring(created, config, options, peer);
    created.connected.catch(() => discard(created));
    pool.entries.set(key, created);
    if (created.scoped) options.scope.onClose?.(() => discard(created));
    entry = created;
    startSweeper();
  }
  const borrowed = entry;
  borrowed.lastUsedAt = Date.now();
  borrowed.redaction = options.redaction;
  return { session: () => borrowed.session, connected: options.deadline.race(borrowed.connected), discard: () => discard(borrowed) };
}

/**
 * Connects the entry's session. A relaying client tries the 2025 handshake first when its callers speak 2025 (the
 * whole protocol then passes in one revision); a server that refuses it (one serving 2026-07-28 only) is asked again
 * with `server/discover`, on a new session.
 */
async function connectPreferring(entry: Entry, config: ResolvedConfig, options: BorrowOptions, peer: ClientPeer | undefined): Promise<McpSession> {
  try {
    await entry.session.connect(options.deadline);
    return entry.session;
  } catch (error) {
    if (peer?.negotiation !== "legacy" || !refusedTheHandshake(error) || options.scope.isClosed?.()) throw error;
    await entry.session.close();
    entry.session = openSession(config, { policy: options.policy, timeoutMs: options.timeoutMs, secrets: options.secrets, peer: { ...peer, negotiation: "auto" } });
    await entry.session.connect(options.deadline);
    return entry.session;
  }
}

/** The server answered `initialize` with a refusal (a JSON-RPC error, or an HTTP 4xx naming the request bad) — not a failure to reach it. */
function refusedTheHandshake(error: unknown): boolean {
  if (error instanceof ProtocolError) return true;
  return error instanceof SdkHttpError && [400, 405, 406, 415, 422].includes(error.status);
}

/** Closes every pooled session (at shutdown, and between tests of the pool). */
export async function closeAllSessions(): Promise<void> {
  await Promise.allSettled([...pool.entries.values()].map(discard));
}

/**
 * Drops `session` from the pool when it is pooled: a relayed request it failed (connection, HTTP error, timeout), like
 * a failed tool call's, leaves it untrusted with the next one — after an upstream restart its session id is unknown.
 */
export async function discardSession(session: McpSession): Promise<void> {
  for (const entry of pool.entries.values()) if (entry.session === session) return discard(entry);
}

async function discard(entry: Entry): Promise<void> {
  if (pool.entries.get(entry.key) === entry) pool.entries.delete(entry.key);
  await entry.session.close({ endSession: true });
}

function sessionKey(config: ResolvedConfig, options: BorrowOptions, isScoped: boolean): string {
  return JSON.stringify([options.server, options.environment, configHashOf(config), isScoped ? options.scope.id : null, options.profile?.key ?? null, options.person ?? null]);
}

/**
 * A resolved config's hash, once per config object: a gateway's blueprints are cached (lib/gateway/target-configs.ts),
 * so every call of a target brings the same, never-changed object.
 */
const configHashes = new WeakMap<ResolvedConfig, string>();

function configHashOf(config: ResolvedConfig): string {
  let hash = configHashes.get(config);
  if (hash === undefined) configHashes.set(config, (hash = createHash("sha256").update(JSON.stringify(config)).digest("hex")));
  return hash;
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
