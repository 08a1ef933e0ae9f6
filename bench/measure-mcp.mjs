import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/**
 * `connections` MCP SDK clients (streamable HTTP, or the older SSE transport with `transport: "sse"`; one session
 * each) send `request(client)` back to back for `duration` seconds after a warm-up second; returns req/s and latency
 * percentiles in ms. Every answer must come back without a thrown error and without `isError`. `onStart` is called
 * when the warm-up second is over. The latencies themselves come too, sorted (`latencies`).
 */
export async function measureMcp({ url, headers = {}, request, connections = 8, duration = 8, onStart = () => {}, transport = "streamableHttp" }) {
  const clients = await connectClients({ url, headers, connections, transport });
  try {
    await run(clients, request, 1);
    return await measureClients(clients, request, duration, onStart);
  } finally {
    await closeClients(clients);
  }
}

/** `connections` MCP SDK clients of `url`, each with a session of its own (see measureMcp); closeClients ends them. */
export function connectClients({ url, headers = {}, connections = 8, transport = "streamableHttp" }) {
  return Promise.all(Array.from({ length: connections }, async () => {
    const client = new Client({ name: "patchbay-bench", version: "1.0.0" });
    const Transport = transport === "sse" ? SSEClientTransport : StreamableHTTPClientTransport;
    await client.connect(new Transport(new URL(url), { requestInit: { headers }, fetch: fetchUnwarned }));
    return client;
  }));
}

export function closeClients(clients) {
  return Promise.all(clients.map((client) => client.close()));
}

/** Connected clients send `request(client)` back to back for `seconds` (after `onStart()`); measured as measureMcp measures. */
export async function measureClients(clients, request, seconds, onStart = () => {}) {
  onStart();
  const latencies = await run(clients, request, seconds);
  latencies.sort((a, b) => a - b);
  return { ...summary(latencies, seconds), latencies };
}

/**
 * fetch, with each request following the session's AbortSignal through a signal of its own. The SDK 1.x transports
 * hand every request their session's one signal, and each Request undici makes with it hangs a listener on it until
 * garbage collection: past 1,500 calls, every call printed "Possible EventTarget memory leak detected" (ten thousand
 * lines a run). `AbortSignal.any` follows the session's signal without a listener on it.
 */
function fetchUnwarned(url, init) {
  return fetch(url, init?.signal ? { ...init, signal: AbortSignal.any([init.signal]) } : init);
}

async function run(clients, request, seconds) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(clients.map(async (client) => {
    while (performance.now() < until) {
      const started = performance.now();
      const answer = await request(client);
      if (answer?.isError) throw new Error(`a call answered a tool error: ${JSON.stringify(answer.content)}`);
      latencies.push(performance.now() - started);
    }
  }));
  return latencies;
}

/** req/s and latency percentiles (ms) of `latencies`, sorted, taken over `seconds`. */
export function summary(latencies, seconds) {
  return { rps: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), count: latencies.length };
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}
