import { setTimeout as wait } from "node:timers/promises";

import { Client, SSEClientTransport, StreamableHTTPClientTransport, type ClientCapabilities, type Notification, type Transport } from "@modelcontextprotocol/client";

import type { ResolvedConfig } from "../resolve/types";
import type { Deadline } from "./deadline";
import { traceFetch, type FetchTrace } from "./fetch-trace";
import { lazyOutputSchemaValidator } from "./output-schema-validator";
import type { OutboundPolicy } from "./outbound-policy";
import { createSafeFetch } from "./safe-fetch";
import { ProbeStdioTransport } from "./stdio-transport";
import type { FetchLike, ProtocolEra } from "./types";

/** The server-to-client requests a client may answer, each behind the capability that admits it. */
export type PeerRequestMethod = "sampling/createMessage" | "elicitation/create" | "roots/list";

/**
 * What a gateway's upstream client stands in for: the capabilities it declares (those of the clients it relays
 * for), which handshake it tries first, and where the server's requests and notifications go. Requests for a
 * capability not declared get the SDK's own "Method not found", as from a client without it.
 */
export type ClientPeer = {
  capabilities: ClientCapabilities;
  /** `legacy`: the 2025 `initialize` handshake (the caller falls back to `auto` when the server refuses it). */
  negotiation: "legacy" | "auto";
  /** `inputKey`: on 2026-07-28, the key the server gave the request in its `InputRequiredResult`. */
  onRequest(method: PeerRequestMethod, params: Record<string, unknown> | undefined, signal: AbortSignal, inputKey?: string): Promise<Record<string, unknown>>;
  onNotification(notification: Notification): void;
};

/**
 * `secrets`: every value substituted into the config from a secret, scrubbed from whatever echo is kept before it
 * is shortened. `peer`: for the gateway's relaying clients; probes and `/api/invoke` declare no capabilities.
 */
export type SessionOptions = {
  policy: OutboundPolicy; timeoutMs: number; secrets: readonly string[]; peer?: ClientPeer;
  /** How long a relaying session waits for its server to open the GET stream (STANDALONE_STREAM_WAIT_MS). */
  standaloneStreamWaitMs?: number;
};

const PEER_REQUESTS: { method: PeerRequestMethod; capability: keyof ClientCapabilities }[] = [
  { method: "sampling/createMessage", capability: "sampling" },
  { method: "elicitation/create", capability: "elicitation" },
  { method: "roots/list", capability: "roots" },
];

/** What a request of our own on a streamable HTTP session needs: the SDK's transport (session id, protocol version) and its fetch. */
export type StreamableHttpLink = { transport: StreamableHTTPClientTransport; url: URL; headers: Record<string, string> | undefined; fetch: FetchLike };

/** One MCP client connection for a probe or a tool call; always `close()` it. */
export type McpSession = {
  client: Client;
  trace: FetchTrace;
  stdio: ProbeStdioTransport | undefined;
  /** A streamable HTTP session's transport and the traced safe fetch it sends through; absent for stdio and SSE. */
  streamableHttp: StreamableHttpLink | undefined;
  /** Every value substituted into its config from a secret (an OAuth access token included): what its answers are scrubbed of. */
  secrets: readonly string[];
  /** Known once connected: which handshake the server answered. */
  era(): ProtocolEra | null;
  /** The versions the server offered (`server/discover`), or the one `initialize` agreed on. */
  protocolVersions(): string[] | null;
  protocolVersion(): string | null;
  connect(deadline: Deadline): Promise<void>;
  close(options?: { endSession?: boolean }): Promise<void>;
};

const CLIENT_INFO = { name: "patchbay-health", version: "1.0.0" };
const END_SESSION_WAIT_MS = 1_000;
/** How long a relaying session waits for its server to open the GET stream before going on without it. */
const STANDALONE_STREAM_WAIT_MS = 10_000;

/**
 * Opens a client that speaks both eras of MCP (DESIGN §5): `server/discover` first, and the 2025 `initialize`
 * handshake when the answer is the backward-compatibility signal of the 2026-07-28 revision (an error that is not
 * a modern JSON-RPC error). The SDK's `auto` negotiation implements exactly those rules.
 */
export function openSession(config: ResolvedConfig, options: SessionOptions): McpSession {
  const trace: FetchTrace = {};
  // Requests may carry the server's secrets (headers, URL): no redirect to another origin, bodies capped.
  const safeFetch = createSafeFetch(options.policy, {
    timeoutMs: options.timeoutMs, crossOriginRedirects: "refuse", onOversized: (error) => (trace.oversized ??= error), keepAlive: true,
  });
  const tracedFetch = config.type === "stdio" ? undefined : traceFetch(safeFetch, trace, { secrets: options.secrets, ignore: ignoreOptionalRequests(config.type) });
  const { peer } = options;
  // What a relaying session's server sends outside any request goes over the GET stream, or nowhere (DESIGN §16).
  const standaloneStream = peer && config.type === "http" ? watchStandaloneStream(tracedFetch!) : undefined;
  const transport = createTransport(config, standaloneStream?.fetch ?? tracedFetch, options.secrets);
  const client = new Client(CLIENT_INFO, {
    capabilities: peer?.capabilities ?? {},
    jsonSchemaValidator: lazyOutputSchemaValidator,
    // One deadline for the whole probe: a server silent to server/discover has used it up, whatever its era.
    versionNegotiation: { mode: peer?.negotiation ?? "auto", probe: { timeoutMs: options.timeoutMs } },
  });
  if (peer) relayThrough(client, peer);

  const era = (): ProtocolEra | null => {
    const negotiated = client.getProtocolEra();
    return negotiated === "modern" ? "2026-07-28" : negotiated === "legacy" ? "legacy" : null;
  };
  return {
    client,
    trace,
    stdio: transport instanceof ProbeStdioTransport ? transport : undefined,
    streamableHttp: transport instanceof StreamableHTTPClientTransport && config.type === "http"
      ? { transport, url: new URL(config.url), headers: config.headers, fetch: tracedFetch! } : undefined,
    secrets: options.secrets,
    era,
    protocolVersion: () => client.getNegotiatedProtocolVersion() ?? null,
    protocolVersions() {
      const discovered = client.getDiscoverResult()?.supportedVersions;
      if (discovered) return [...discovered];
      const negotiated = client.getNegotiatedProtocolVersion();
      return negotiated ? [negotiated] : null;
    },
    async connect(deadline) {
      await deadline.race(client.connect(transport, { signal: deadline.signal, timeout: options.timeoutMs }));
      // A 2025 server drops what it sends outside any request (an elicitation its tool asks with `server.request`, a
      // subscribed resource's update) while no GET stream is open, and the SDK opens that stream without waiting
      // once the server has accepted (202) the handshake's `notifications/initialized`: the session is ready once
      // the stream is open or refused. A server (or proxy) that holds the GET's headers back costs at most
      // STANDALONE_STREAM_WAIT_MS, never the connection.
      if (standaloneStream?.isOpening() && era() === "legacy") {
        const answered = new AbortController();
        const bound = wait(options.standaloneStreamWaitMs ?? STANDALONE_STREAM_WAIT_MS, undefined, { signal: AbortSignal.any([deadline.signal, answered.signal]) });
        await Promise.race([standaloneStream.answered, bound.catch(() => {})]);
        answered.abort();
      }
    },
    async close({ endSession = false } = {}) {
      if (endSession && transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
        const wait = new Promise((resolve) => setTimeout(resolve, END_SESSION_WAIT_MS).unref());
        await Promise.race([transport.terminateSession().catch(() => {}), wait]);
      }
      await client.close().catch(() => {});
      await transport.close().catch(() => {}); // idempotent; covers a connect that failed before the client owned it
      safeFetch.close();
    },
  };
}

/** The server's requests go to the peer for each capability it declared; every notification the SDK does not consume goes to it too. */
function relayThrough(client: Client, peer: ClientPeer): void {
  for (const { method, capability } of PEER_REQUESTS) {
    if (peer.capabilities[capability] === undefined) continue;
    client.setRequestHandler(method, (request, ctx) => {
      // On 2026-07-28 the SDK fulfils an InputRequiredResult through this handler, the request's id being its key there.
      const inputKey = client.getProtocolEra() === "modern" ? String(ctx.mcpReq.id) : undefined;
      return peer.onRequest(method, request.params as Record<string, unknown> | undefined, ctx.mcpReq.signal, inputKey) as never;
    });
  }
  client.fallbackNotificationHandler = async (notification) => peer.onNotification(notification);
}

/**
 * `fetch`, watched for the streamable HTTP GET that opens the server-to-client stream. `isOpening`: the server
 * accepted `notifications/initialized` with a 202, after which the SDK sends that GET (it sends none after another
 * status); `answered` settles when the server has answered the GET (the stream is open, or refused) or it failed.
 */
function watchStandaloneStream(fetch: FetchLike): { fetch: FetchLike; isOpening(): boolean; answered: Promise<void> } {
  let settle!: () => void;
  const answered = new Promise<void>((resolve) => (settle = resolve));
  let opening = false;
  return {
    answered,
    isOpening: () => opening,
    async fetch(url, init) {
      const method = (init?.method ?? "GET").toUpperCase();
      const pending = fetch(url, init);
      if (method === "GET") pending.then(settle, settle);
      const response = await pending;
      if (method === "POST" && response.status === 202 && typeof init?.body === "string" && init.body.includes('"notifications/initialized"')) opening = true;
      return response;
    },
  };
}

function createTransport(config: ResolvedConfig, tracedFetch: FetchLike | undefined, secrets: readonly string[]): Transport {
  if (config.type === "stdio") return new ProbeStdioTransport(config, secrets);

  const requestInit = config.headers ? { headers: config.headers } : undefined;
  const url = new URL(config.url);
  // Redirects are safeFetch's to judge (same origin only), so the SDK leaves them to it.
  if (config.type === "sse") return new SSEClientTransport(url, { fetch: tracedFetch, requestInit, redirectPolicy: "follow" });
  return new StreamableHTTPClientTransport(url, { fetch: tracedFetch, requestInit, redirectPolicy: "follow" });
}

/** Streamable HTTP's GET (the optional server-to-client stream) and DELETE (ending the session) may fail without meaning anything. */
function ignoreOptionalRequests(type: "http" | "sse"): (method: string) => boolean {
  return type === "http" ? (method) => method === "GET" || method === "DELETE" : () => false;
}
