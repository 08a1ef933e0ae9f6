import { Client, SSEClientTransport, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";

import type { ResolvedConfig } from "../resolve/types";
import type { Deadline } from "./deadline";
import { traceFetch, type FetchTrace } from "./fetch-trace";
import { lazyOutputSchemaValidator } from "./output-schema-validator";
import type { OutboundPolicy } from "./outbound-policy";
import { createSafeFetch } from "./safe-fetch";
import { ProbeStdioTransport } from "./stdio-transport";
import type { FetchLike, ProtocolEra } from "./types";

/** `secrets`: every value substituted into the config from a secret, scrubbed from whatever echo is kept before it is shortened. */
export type SessionOptions = { policy: OutboundPolicy; timeoutMs: number; secrets: readonly string[] };

/** What a request of our own on a streamable HTTP session needs: the SDK's transport (session id, protocol version) and its fetch. */
export type StreamableHttpLink = { transport: StreamableHTTPClientTransport; url: URL; headers: Record<string, string> | undefined; fetch: FetchLike };

/** One MCP client connection for a probe or a tool call; always `close()` it. */
export type McpSession = {
  client: Client;
  trace: FetchTrace;
  stdio: ProbeStdioTransport | undefined;
  /** A streamable HTTP session's transport and the traced safe fetch it sends through; absent for stdio and SSE. */
  streamableHttp: StreamableHttpLink | undefined;
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
  const transport = createTransport(config, tracedFetch, options.secrets);
  const client = new Client(CLIENT_INFO, {
    capabilities: {},
    jsonSchemaValidator: lazyOutputSchemaValidator,
    // One deadline for the whole probe: a server silent to server/discover has used it up, whatever its era.
    versionNegotiation: { mode: "auto", probe: { timeoutMs: options.timeoutMs } },
  });

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
    era,
    protocolVersion: () => client.getNegotiatedProtocolVersion() ?? null,
    protocolVersions() {
      const discovered = client.getDiscoverResult()?.supportedVersions;
      if (discovered) return [...discovered];
      const negotiated = client.getNegotiatedProtocolVersion();
      return negotiated ? [negotiated] : null;
    },
    connect: (deadline) => deadline.race(client.connect(transport, { signal: deadline.signal, timeout: options.timeoutMs })),
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
