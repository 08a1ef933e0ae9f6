import { randomUUID } from "node:crypto";
import type http from "node:http";

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startDeadline } from "./deadline";
import { openSession, type ClientPeer } from "./mcp-session";
import { createOutboundPolicy } from "./outbound-policy";
import { startHttpPeer, type Peer } from "./test-peers";

/**
 * A 2025 server (SDK 1.x, stateful streamable HTTP) that holds every GET — the request that opens a session's
 * server-to-client stream — until `release()`: the SDK client opens that stream without waiting after the
 * handshake, and the server drops what it sends outside a request while the stream is not open.
 */
async function startHoldingServer() {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const held: (() => void)[] = [];
  const arrivals: (() => void)[] = [];
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (!transport) {
      const created = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => void transports.set(id, created) });
      const server = new Server({ name: "holding", version: "1.0.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
      await server.connect(created);
      transport = created;
    }
    if (req.method === "GET") {
      for (const arrived of arrivals.splice(0)) arrived();
      await new Promise<void>((resolve) => held.push(resolve));
    }
    await transport.handleRequest(req, res, text ? JSON.parse(text) : undefined);
  };
  const peer = await startHttpPeer((req, res) => void handle(req, res).catch(() => res.destroy()));
  return {
    ...peer,
    nextGet: () => new Promise<void>((resolve) => arrivals.push(resolve)),
    release: () => held.splice(0).forEach((release) => release()),
  };
}

const relaying: ClientPeer = {
  capabilities: { elicitation: { form: {} } },
  negotiation: "legacy",
  onRequest: async () => ({ action: "decline" }),
  onNotification: () => {},
};
/** Waits for the GET stream as long as the test may run: whether a session waits cannot depend on the machine's speed. */
const options = { policy: createOutboundPolicy({}), timeoutMs: 600_000, secrets: [], standaloneStreamWaitMs: 600_000 };

/**
 * A 2025 server written by hand that answers every notification 200 (not the 202 the transport specifies): the SDK
 * opens no GET stream after such a handshake. Counts the GETs it is sent.
 */
async function startNotificationOkServer() {
  let gets = 0;
  const peer = await startHttpPeer((req, res) => {
    if (req.method === "GET") {
      gets++;
      return void res.writeHead(405).end();
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const message = JSON.parse(Buffer.concat(chunks).toString()) as { id?: number; method: string };
      const result = message.method === "initialize"
        ? { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "notification-ok", version: "1.0.0" } }
        : message.method === "tools/list" ? { tools: [] } : {};
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
    });
  });
  return { ...peer, gets: () => gets };
}

let server: Awaited<ReturnType<typeof startHoldingServer>>;
const peers: Peer[] = [];

beforeAll(async () => {
  server = await startHoldingServer();
  peers.push(server);
});
afterAll(async () => {
  server.release();
  await Promise.all(peers.map((peer) => peer.close()));
});

describe("a relaying session of a 2025 streamable HTTP server", () => {
  it("is connected only once the server has answered the GET that opens its server-to-client stream", async () => {
    const session = openSession({ type: "http", url: `${server.url}/mcp` }, { ...options, peer: relaying });
    const deadline = startDeadline(options.timeoutMs);
    const getArrived = server.nextGet();
    let connected = false;
    const connecting = session.connect(deadline).then(() => (connected = true));

    await getArrived;
    // Whatever was pending behind the GET's arrival has run: a connect that did not wait for it has settled by now.
    await new Promise((resolve) => setImmediate(resolve));
    const connectedWhileHeld = connected;
    server.release();
    await connecting;

    expect(connectedWhileHeld).toBe(false);
    expect(session.era()).toBe("legacy");
    expect((await session.client.listTools()).tools).toEqual([]);
    deadline.dispose();
    await session.close();
  });

  it("does not wait for a stream the SDK never opens: a server that answered notifications/initialized 200, not 202", async () => {
    const answering = await startNotificationOkServer();
    peers.push(answering);
    const session = openSession({ type: "http", url: `${answering.url}/mcp` }, { ...options, peer: relaying });
    const deadline = startDeadline(options.timeoutMs);

    await session.connect(deadline);

    expect(session.era()).toBe("legacy");
    expect((await session.client.listTools()).tools).toEqual([]);
    expect(answering.gets()).toBe(0);
    deadline.dispose();
    await session.close();
  }, 60_000);

  it("a probe (no peer) does not wait for that stream", async () => {
    const session = openSession({ type: "http", url: `${server.url}/mcp` }, options);
    const deadline = startDeadline(options.timeoutMs);
    const getArrived = server.nextGet();

    await session.connect(deadline);
    await getArrived;

    expect(session.era()).toBe("legacy");
    server.release();
    deadline.dispose();
    await session.close();
  });
});
