import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

import type { ResolvedConfig } from "../resolve/types";
import type { Deadline } from "./deadline";
import { traceFetch, type FetchTrace } from "./fetch-trace";
import { lazyOutputSchemaValidator } from "./output-schema-validator";
import type { OutboundPolicy } from "./outbound-policy";
import { createSafeFetch } from "./safe-fetch";
import { ProbeStdioTransport } from "./stdio-transport";
import type { FetchLike } from "./types";

export type SessionOptions = { policy: OutboundPolicy; timeoutMs: number };

/** One MCP client connection for a probe or a tool call; always `close()` it. */
export type McpSession = {
  client: Client;
  trace: FetchTrace;
  stdio: ProbeStdioTransport | undefined;
  protocolVersion(): string | null;
  connect(deadline: Deadline): Promise<void>;
  close(options?: { endSession?: boolean }): Promise<void>;
};

const CLIENT_INFO = { name: "patchbay-health", version: "1.0.0" };
const END_SESSION_WAIT_MS = 1_000;

export function openSession(config: ResolvedConfig, options: SessionOptions): McpSession {
  const trace: FetchTrace = {};
  // Requests may carry the server's secrets (headers, URL): no redirect to another origin, bodies capped.
  const safeFetch = createSafeFetch(options.policy, {
    timeoutMs: options.timeoutMs, crossOriginRedirects: "refuse", onOversized: (error) => (trace.oversized ??= error),
  });
  const transport = createTransport(config, trace, safeFetch);
  const client = new Client(CLIENT_INFO, { capabilities: {}, jsonSchemaValidator: lazyOutputSchemaValidator });

  // The Client tells HTTP transports the negotiated version through this hook; stdio has none, so one is added.
  let protocolVersion: string | null = null;
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version) => {
    protocolVersion = version;
    setVersion?.(version);
  };

  return {
    client,
    trace,
    stdio: transport instanceof ProbeStdioTransport ? transport : undefined,
    protocolVersion: () => protocolVersion,
    connect: (deadline) => deadline.race(client.connect(transport, { signal: deadline.signal, timeout: options.timeoutMs })),
    async close({ endSession = false } = {}) {
      if (endSession && transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
        const wait = new Promise((resolve) => setTimeout(resolve, END_SESSION_WAIT_MS).unref());
        await Promise.race([transport.terminateSession().catch(() => {}), wait]);
      }
      await client.close().catch(() => {});
      await transport.close().catch(() => {}); // idempotent; covers a connect that failed before the client owned it
    },
  };
}

function createTransport(config: ResolvedConfig, trace: FetchTrace, safeFetch: FetchLike): Transport {
  if (config.type === "stdio") return new ProbeStdioTransport(config);

  const requestInit = config.headers ? { headers: config.headers } : undefined;
  const url = new URL(config.url);
  if (config.type === "sse") {
    return new SSEClientTransport(url, { fetch: traceFetch(safeFetch, trace), requestInit });
  }
  // GET (the optional server-to-client stream) and DELETE (ending the session) may fail without meaning anything.
  const ignore = (method: string) => method === "GET" || method === "DELETE";
  return new StreamableHTTPClientTransport(url, { fetch: traceFetch(safeFetch, trace, ignore), requestInit });
}
