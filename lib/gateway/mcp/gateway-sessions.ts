import { randomUUID } from "node:crypto";

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";

import type { Principal } from "../../auth/principal";
import { getConfig } from "../../env";
import { onShutdown, processSlot } from "../../runtime/runtime";
import type { GatewayTarget } from "../types";
import { openUpstreamScope } from "../upstream-scope";
import { createGatewayServer, type GatewayCallContext } from "./gateway-server";

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
  /** `tools/call` requests answered outside the SDK (direct-answers.ts), by JSON-RPC id: `notifications/cancelled` aborts them. */
  callsInFlight: Map<string | number, AbortController>;
  idleTimer?: NodeJS.Timeout;
  close(): Promise<void>;
};

// One registry per process: every route bundle (and shutdown) must see the same sessions.
const registry = processSlot("gateway.sessions", () => {
  onShutdown("gateway sessions", { stop: endAllGatewaySessions });
  return { sessions: new Map<string, GatewaySession>() };
});

export type OpenSessionOptions = { target: GatewayTarget; environment: string; version: string; revision: string; caller: Principal };

/**
 * A session not yet registered: it joins the map once its transport accepts an `initialize` (and gets its
 * `Mcp-Session-Id`); a request that is not one leaves it unregistered, for the caller to close.
 */
export async function openGatewaySession({ target, environment, version, revision, caller }: OpenSessionOptions): Promise<GatewaySession> {
  const scope = openUpstreamScope();
  let closing: Promise<void> | undefined;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    // Each POST is answered as one JSON body: the gateway sends nothing before a request's answer, and a body
    // costs far less than an event stream per request. Notifications go out on the session's GET stream.
    enableJsonResponse: true,
    onsessioninitialized: (id) => register(id, session),
  });
  const calls: GatewayCallContext = { target, environment, caller, scope, sessionId: () => transport.sessionId };
  const server = createGatewayServer({ ...calls, version, onListed: (listed) => (session.revision = listed) });
  const session: GatewaySession = {
    target, environment, callerKey: callerKeyOf(caller), transport, server, revision, calls, callsInFlight: new Map(),
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

/** A request reached the session: its idle clock starts again (PATCHBAY_GATEWAY_IDLE_S). */
export function touchGatewaySession(session: GatewaySession): void {
  clearTimeout(session.idleTimer);
  session.idleTimer = setTimeout(() => void session.close(), getConfig().PATCHBAY_GATEWAY_IDLE_S * 1000);
  session.idleTimer.unref();
}

export function listGatewaySessions(): GatewaySession[] {
  return [...registry.sessions.values()];
}

/** For shutdown: every session ends, and with it the stdio servers it started. */
export async function endAllGatewaySessions(): Promise<void> {
  await Promise.allSettled(listGatewaySessions().map((session) => session.close()));
}

function register(id: string, session: GatewaySession): void {
  registry.sessions.set(id, session);
  touchGatewaySession(session);
}

function forget(id: string, session: GatewaySession): void {
  if (registry.sessions.get(id) !== session) return;
  registry.sessions.delete(id);
}

function callerKeyOf(caller: Principal): string {
  return `${caller.via === "cookie" ? "bearer" : caller.via}:${caller.tokenId ?? caller.name}`;
}
