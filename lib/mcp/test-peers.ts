/**
 * Real loopback peers for the health tests (not a test file itself): the MCP "everything" reference server and
 * tiny node:http / node:net servers. Everything listens on 127.0.0.x only, except the reference server, which
 * listens on all interfaces and is therefore started detached and killed with its whole process group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import path from "node:path";

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

export const EVERYTHING = path.resolve(import.meta.dirname, "../../node_modules/@modelcontextprotocol/server-everything/dist/index.js");

export type Peer = { port: number; url: string; connections: () => number; close(): Promise<void> };

export async function freePort(host = "127.0.0.1"): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitForPort(port: number, host = "127.0.0.1", timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host, () => resolve(true)).on("error", () => resolve(false));
      socket.once("connect", () => socket.destroy());
    });
    if (isOpen) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
}

export type EverythingServer = { port: number; child: ChildProcess; stop(): Promise<void> };

/** `node …/server-everything streamableHttp|sse` on `port` (a free one by default). */
export async function startEverything(mode: "streamableHttp" | "sse", port?: number): Promise<EverythingServer> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [EVERYTHING, mode], {
    env: { ...process.env, PORT: String(chosen) }, detached: true, stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForPort(chosen);
  return {
    port: chosen, child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-child.pid!, "SIGTERM");
      const killer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 2_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** A node:http server on loopback; counts TCP connections so a test can prove none was made. */
export async function startHttpPeer(handler: http.RequestListener, host = "127.0.0.1"): Promise<Peer> {
  const server = http.createServer(handler);
  return listen(server, host, (port) => `http://${host}:${port}`);
}

/**
 * A 2025 MCP server on SDK 1.x over stateful streamable HTTP, on any path: `serverForSession` makes the server of
 * each new session, and a request naming a session it does not know is 404. `beforeHandling` sees every request and
 * its parsed body first, and may hold it (a GET, say) by not settling.
 * `sessions()`: how many sessions it has opened.
 */
export async function startStatefulSdkPeer(
  serverForSession: () => Server, beforeHandling?: (req: http.IncomingMessage, body: unknown) => void | Promise<void>,
): Promise<Peer & { sessions(): number }> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const peer = await startHttpPeer((req, res) => void (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const body: unknown = text ? JSON.parse(text) : undefined;
    await beforeHandling?.(req, body);
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (typeof sessionId === "string") return void res.writeHead(404).end();
      const created = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => void transports.set(id, created) });
      await serverForSession().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res, body);
  })().catch(() => res.destroy()));
  return { ...peer, sessions: () => transports.size };
}

/** Accepts TCP connections and never says a word. */
export async function startSilentPeer(host = "127.0.0.1"): Promise<Peer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {}).on("close", () => sockets.delete(socket));
  });
  const peer = await listen(server, host, (port) => `http://${host}:${port}`);
  return { ...peer, close: () => (sockets.forEach((s) => s.destroy()), peer.close()) };
}

async function listen(server: net.Server, host: string, toUrl: (port: number) => string): Promise<Peer> {
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port, url: toUrl(port), connections: () => connections,
    close: () => new Promise<void>((resolve) => {
      (server as http.Server).closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

export type RecordedPost = { method: string; id: unknown; headers: http.IncomingHttpHeaders };

/**
 * Forwards to `target` on 127.0.0.1, recording every POSTed message (method, id, headers) and every `traceparent` sent.
 * While `failWith` is set, it answers every request with that status instead (a failing load balancer in front);
 * `requests` counts every request it was sent, answered or not.
 */
export async function startRecordingProxy(target: number): Promise<Peer & { methods: string[]; posts: RecordedPost[]; traceparents: string[]; failWith: number | null; requests: number }> {
  const methods: string[] = [];
  const posts: RecordedPost[] = [];
  const traceparents: string[] = [];
  const switches = { failWith: null as number | null, requests: 0 };
  const peer = await startHttpPeer((req, res) => {
    switches.requests++;
    if (switches.failWith !== null) {
      req.resume();
      return void res.writeHead(switches.failWith, { "content-type": "text/plain" }).end("upstream unavailable");
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.method === "POST") {
        const message = JSON.parse(body.toString() || "{}") as { method?: unknown; id?: unknown };
        methods.push(String(message.method));
        posts.push({ method: String(message.method), id: message.id, headers: req.headers });
      }
      if (typeof req.headers.traceparent === "string") traceparents.push(req.headers.traceparent);
      const headers = withoutHopByHop(req.headers);
      const upstream = http.request({ host: "127.0.0.1", port: target, path: req.url, method: req.method, headers }, (answer) => {
        // Headers go on at once, as a proxy in front of an event stream must: the client waits for them.
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers)).flushHeaders();
        answer.pipe(res);
      });
      upstream.on("error", () => res.destroy());
      res.on("close", () => upstream.destroy());
      upstream.end(body);
    });
  });
  return Object.assign(switches, peer, { methods, posts, traceparents });
}

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = { ...headers };
  for (const name of ["connection", "keep-alive", "transfer-encoding", "host", "upgrade"]) delete copy[name];
  return copy;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
