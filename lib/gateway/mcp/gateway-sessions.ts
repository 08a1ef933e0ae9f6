import { randomUUID } from "node:crypto";

import { WebStandardStreamableHTTPServerTransport, type Server } from "@modelcontextprotocol/server";

import type { Principal } from "../../auth/principal";
import { getConfig } from "../../env";
import { onShutdown, processSlot } from "../../runtime/runtime";
import type { UpstreamProfile } from "../session-pool";
import type { GatewayTarget } from "../types";
import { openUpstreamScope } from "../upstream-scope";
import { createGatewayServer, type GatewayCallContext } from "./gateway-server";
import { relaysRequests, upstreamProfile, type Relay } from "./relay";
import { requestStateVerification } from "./request-state";

/** One MCP session of a gateway endpoint: its transport and server, its upstream scope, and the tool list it last saw. */
export type GatewaySession = {
  target: GatewayTarget;
  environment: string;
  /** Who opened it: only the same credential may use it. */
  callerKey: string;
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** The tools revision the client was last told of (at initialize, then by each tools/list or list_changed). */
  revision: string;
  /** Who the session's calls run for, and where its stdio upstreams live (DESIGN §12). */
  calls: GatewayCallContext;
  /** The upstream profiles of this client (known once it initialized). */
  profiles(): { calls: UpstreamProfile; subscriptions: UpstreamProfile };
  /** `tools/call` requests answered outside the SDK (direct-answers.ts), by JSON-RPC id: `notifications/cancelled` aborts them. */
  callsInFlight: Map<string | number, AbortController>;
  /** Ends the session once it has been idle long enough (see touchGatewaySession). */
  idleTimer?: NodeJS.Timeout;
  /** When a request last reached it (performance.now()). */
  lastActiveAt?: number;
  close(): Promise<void>;
};

// One registry per process: every route bundle (and shutdown) must see the same sessions.
const registry = processSlot("gateway.sessions", () => {
  onShutdown("gateway sessions", { stop: endAllGatewaySessions });
  return { sessions: new Map<string, GatewaySession>() };
});

export type OpenSessionOptions = { target: GatewayTarget; environment: string; version: string; revision: string; caller: Principal; baseUrl: string };

/**
 * A session not yet registered: it joins the map once its transport accepts an `initialize` (and gets its
 * `Mcp-Session-Id`); a request that is not one leaves it unregistered, for the caller to close.
 */
export async function openGatewaySession({ target, environment, version, revision, caller, baseUrl }: OpenSessionOptions): Promise<GatewaySession> {
  const scope = openUpstreamScope();
  let closing: Promise<void> | undefined;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    // Requests the SDK answers go out as event streams, so what an upstream sends while serving one (log messages,
    // progress, sampling and elicitation requests) reaches the client before the answer. The requests runners
    // repeat are answered as plain JSON by direct-answers.ts.
    enableJsonResponse: false,
    onsessioninitialized: (id) => register(id, session),
  });
  const calls: GatewayCallContext = { target, environment, caller, scope, sessionId: () => transport.sessionId, baseUrl };
  let profiles: { calls: UpstreamProfile; subscriptions: UpstreamProfile } | undefined;
  const server = createGatewayServer({
    ...calls, version, onListed: (listed) => (session.revision = listed), owner: callerKeyOf(caller),
    // Known once the client initialized: what it declared decides what its upstream sessions declare.
    profiles: (initialized) => (profiles ??= sessionProfiles(initialized, transport, caller)),
  }, { requestState: requestStateVerification });
  const session: GatewaySession = {
    target, environment, callerKey: callerKeyOf(caller), transport, server, revision, calls, callsInFlight: new Map(),
    profiles: () => (profiles ??= sessionProfiles(server, transport, caller)),
    close() {
      closing ??= (async () => {
        clearTimeout(session.idleTimer);
        if (transport.sessionId) forget(transport.sessionId, session);
        for (const inFlight of session.callsInFlight.values()) inFlight.abort();
        await server.close().catch(() => undefined);
        await scope.close();
      })();
      return closing;
    },
  };
  // DELETE (or anything else closing the transport) ends the session and its upstreams.
  server.onclose = () => void session.close();
  await server.connect(transport);
  return session;
}

/** The open session `id` of this target, when `caller` opened it; anything else is "no such session". */
export function findGatewaySession(id: string, target: GatewayTarget, caller: Principal): GatewaySession | undefined {
  const session = registry.sessions.get(id);
  if (!session || session.target.kind !== target.kind || session.target.name !== target.name || session.callerKey !== callerKeyOf(caller)) return undefined;
  return session;
}

/**
 * A request reached the session: its idle clock starts again (PATCHBAY_GATEWAY_IDLE_S). The clock is the time of
 * the last request; one timer per session waits for it to run out, and when it fires early (a request came
 * meanwhile) it waits for the rest — rather than a timer cleared and set again on every request.
 */
export function touchGatewaySession(session: GatewaySession): void {
  session.lastActiveAt = performance.now();
  session.idleTimer ??= idleTimer(session, getConfig().PATCHBAY_GATEWAY_IDLE_S * 1000);
}

function idleTimer(session: GatewaySession, waitMs: number): NodeJS.Timeout {
  return setTimeout(() => {
    const idleMs = getConfig().PATCHBAY_GATEWAY_IDLE_S * 1000;
    const left = (session.lastActiveAt ?? 0) + idleMs - performance.now();
    session.idleTimer = left > 0 ? idleTimer(session, left) : undefined;
    if (left <= 0) void session.close();
  }, waitMs).unref();
}

export function listGatewaySessions(): GatewaySession[] {
  return [...registry.sessions.values()];
}

/** For shutdown: every session ends, and with it the stdio servers it started. */
export async function endAllGatewaySessions(): Promise<void> {
  await Promise.allSettled(listGatewaySessions().map((session) => session.close()));
}

/**
 * The upstream profiles of a 2025-11-25 session (DESIGN §16). Its calls share upstream sessions with every client
 * that declared nothing to relay; a client that declared sampling, elicitation or roots has upstream sessions of
 * its own, so that what an upstream asks outside any request (stdio servers, whose messages carry no request) still
 * finds it, and no other client's request does. Resource subscriptions are always the session's own. An upstream
 * speaking 2025 is asked in 2025.
 */
function sessionProfiles(server: Server, transport: WebStandardStreamableHTTPServerTransport, caller: Principal) {
  const capabilities = server.getClientCapabilities() ?? {};
  const owner = { caller: callerKeyOf(caller), session: { id: `gateway-session:${transport.sessionId}`, relay: sessionRelay(server) } };
  return {
    calls: upstreamProfile(capabilities, "legacy", relaysRequests(capabilities) ? owner : undefined),
    subscriptions: upstreamProfile(capabilities, "legacy", owner),
  };
}

/** What reaches the client outside any of its requests: on the session's own stream. */
function sessionRelay(server: Server): Relay {
  return {
    capabilities: server.getClientCapabilities() ?? {},
    request: (method, params, signal) => server.request({ method, params } as never, { signal }) as Promise<Record<string, unknown>>,
    notify: (notification) => server.notification(notification as never),
  };
}

function register(id: string, session: GatewaySession): void {
  registry.sessions.set(id, session);
  touchGatewaySession(session);
}

function forget(id: string, session: GatewaySession): void {
  if (registry.sessions.get(id) !== session) return;
  registry.sessions.delete(id);
}

/** Who a session or a round of questions belongs to: the token (a cookie session counts as its bearer), or the person. */
export function callerKeyOf(caller: Principal): string {
  return `${caller.via === "cookie" ? "bearer" : caller.via}:${caller.tokenId ?? caller.personId ?? caller.name}`;
}
