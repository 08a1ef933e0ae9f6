import { AsyncLocalStorage } from "node:async_hooks";

import { ProtocolError, ProtocolErrorCode, type ClientCapabilities, type Notification } from "@modelcontextprotocol/server";

import type { ClientPeer, PeerRequestMethod } from "../../mcp/mcp-session";
import type { UpstreamProfile } from "../session-pool";

/**
 * Where an upstream's requests and notifications go while it serves one request of a gateway client (DESIGN §16):
 * to the client that sent it, related to that request.
 */
export type Relay = {
  /** What the client declared: only those server-to-client requests reach it. */
  capabilities: ClientCapabilities;
  /** Whose request it serves (the caller's key, lib/gateway/mcp/gateway-sessions.ts `callerKeyOf`): an upstream's requests reach it only from that caller's sessions. */
  caller?: string;
  /** `inputKey`: the key a 2026-07-28 upstream gave the question, kept when it is passed on in rounds. */
  request(method: PeerRequestMethod, params: Record<string, unknown> | undefined, signal: AbortSignal, inputKey?: string): Promise<Record<string, unknown>>;
  notify(notification: Notification): Promise<void>;
};

/** The notifications an upstream may send that reach the client; the gateway's own tool list has its own. */
const RELAYED_NOTIFICATIONS = new Set([
  "notifications/message",
  "notifications/resources/updated",
  "notifications/resources/list_changed",
  "notifications/prompts/list_changed",
  "notifications/elicitation/complete",
]);

// The request being served. Upstream messages are handled in the async context of the request that caused them:
// an answer's event stream is read by the upstream call, and a 2026-07-28 upstream's input requests are fulfilled
// inside it. A 2025 upstream session's GET stream is read in the context of the request that opened the session,
// which outlives it: once that request is answered (`served`), what arrives there is no longer its.
const current = new AsyncLocalStorage<{ relay: Relay; served: boolean }>();

/** Runs `serve` with `relay` as the destination of whatever its upstream calls send back until it has answered. */
export async function relayingTo<T>(relay: Relay, serve: () => Promise<T>): Promise<T> {
  const serving = { relay, served: false };
  try {
    return await current.run(serving, serve);
  } finally {
    serving.served = true;
  }
}

/**
 * Whom an upstream profile's sessions belong to. `caller` (a token's key): the one caller whose requests the
 * sessions relay for — an upstream's requests on them reach a request of that caller, and nothing else. `session`
 * (a 2025 gateway session) makes them that client's alone, closed with it; its relay receives what no request being
 * served caused — a subscribed resource's updates, a question asked on the GET stream.
 */
export type ProfileOwner = { caller: string; session?: { id: string; relay: Relay } };

/**
 * The upstream profile for clients that declared `capabilities` (DESIGN §16): upstream sessions are shared by
 * callers that declared the same relayable capabilities, and declare exactly those upstream, so an upstream sees
 * what a direct client would. A client that declared any (sampling, elicitation, roots) must have an `owner`: a
 * session an upstream may ask on is never shared between callers, since what it asks outside any request (on its
 * GET stream) arrives in the context of the request that opened the session. Without an owner, the sessions are
 * shared, and every request of an upstream on them is refused ("Method not found").
 */
export function upstreamProfile(capabilities: ClientCapabilities, negotiation: ClientPeer["negotiation"], owner?: ProfileOwner): UpstreamProfile {
  const declared = relayableCapabilities(capabilities);
  // The request being served, while it is: for a request of an upstream, only when it is the sessions' owner's.
  const destination = (asking: boolean) => {
    const serving = current.getStore();
    const own = owner === undefined ? !asking : serving?.relay.caller === owner.caller;
    return serving && !serving.served && own ? serving.relay : owner?.session?.relay;
  };
  const peer: ClientPeer = {
    capabilities: declared,
    negotiation,
    onRequest(method, params, signal, inputKey) {
      const relay = destination(true);
      if (!relay) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Method not found: ${method}`);
      return relay.request(method, params, signal, inputKey);
    },
    onNotification(notification) {
      if (!RELAYED_NOTIFICATIONS.has(notification.method)) return;
      void destination(false)?.notify(notification).catch(() => undefined);
    },
  };
  return { key: JSON.stringify([negotiation, declared, owner?.caller ?? null, owner?.session?.id ?? null]), peer, owned: owner?.session !== undefined };
}

/** Whether `capabilities` admit any server-to-client request: a client that declared one has upstream sessions of its own. */
export function relaysRequests(capabilities: ClientCapabilities): boolean {
  return Object.keys(relayableCapabilities(capabilities)).length > 0;
}

/** The client capabilities that admit a server-to-client request, as declared (elicitation modes included). */
export function relayableCapabilities(capabilities: ClientCapabilities): ClientCapabilities {
  const { sampling, elicitation, roots } = capabilities;
  return {
    ...(sampling !== undefined ? { sampling } : {}),
    ...(elicitation !== undefined ? { elicitation } : {}),
    ...(roots !== undefined ? { roots } : {}),
  };
}
