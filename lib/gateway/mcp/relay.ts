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
 * The upstream profile for clients that declared `capabilities` (DESIGN §16): upstream sessions are shared by
 * callers that declared the same relayable capabilities, and declare exactly those upstream, so an upstream sees
 * what a direct client would. `owner` (a gateway session) makes the sessions that client's alone, and receives
 * what no request being served caused — a subscribed resource's updates, a question asked on the GET stream.
 */
export function upstreamProfile(capabilities: ClientCapabilities, negotiation: ClientPeer["negotiation"], owner?: { id: string; relay: Relay }): UpstreamProfile {
  const declared = relayableCapabilities(capabilities);
  const destination = () => {
    const serving = current.getStore();
    return serving && !serving.served ? serving.relay : owner?.relay;
  };
  const peer: ClientPeer = {
    capabilities: declared,
    negotiation,
    onRequest(method, params, signal, inputKey) {
      const relay = destination();
      if (!relay) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Method not found: ${method}`);
      return relay.request(method, params, signal, inputKey);
    },
    onNotification(notification) {
      if (!RELAYED_NOTIFICATIONS.has(notification.method)) return;
      void destination()?.notify(notification).catch(() => undefined);
    },
  };
  return { key: JSON.stringify([negotiation, declared, owner?.id ?? null]), peer, owned: owner !== undefined };
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
