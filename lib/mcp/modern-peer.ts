/**
 * A real 2026-07-28 MCP server for the health tests (not a test file itself): the SDK's `createMcpHandler` with
 * `legacy: "reject"`, so it answers `server/discover` and nothing of the 2025 handshake — a probe that does not
 * speak the new era fails against it. Served by node:http on loopback.
 */
import http from "node:http";

import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

import { startHttpPeer, type Peer } from "./test-peers";

export const MODERN_PEER_INFO = { name: "patchbay-modern-peer", version: "2.0.0" };

export async function startModernPeer(): Promise<Peer & { methods: string[] }> {
  const methods: string[] = [];
  const handler = createMcpHandler(() => {
    const server = new McpServer(MODERN_PEER_INFO, { capabilities: { tools: {} } });
    server.registerTool("add", { description: "Adds two numbers", inputSchema: z.object({ a: z.number(), b: z.number() }) },
      async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }));
    server.registerTool("echo", { description: "Echoes a message", inputSchema: z.object({ message: z.string() }) },
      async ({ message }) => ({ content: [{ type: "text", text: message }] }));
    return server;
  }, { legacy: "reject" });

  const peer = await startHttpPeer((req, res) => void serve(req, res));
  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (req.method === "POST") methods.push(String((JSON.parse(body.toString() || "{}") as { method?: string }).method));
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const request = new Request(`${peer.url}${req.url}`, { method: req.method, headers, body: body.length ? body : undefined });
    const response = await handler.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  }
  return { ...peer, methods, close: async () => (await handler.close(), await peer.close()) };
}
