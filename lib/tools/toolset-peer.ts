/**
 * A real MCP server whose tools a test changes between probes (not a test file itself): the SDK's
 * `createMcpHandler` — both eras, a fresh `McpServer` per request built from the current tool list — served by
 * node:http on loopback. `restart()` closes it and listens again on the same port with the same tools; `calls` counts
 * the `tools/call`s that reached each tool.
 */
import http from "node:http";
import type net from "node:net";

import { createMcpHandler, fromJsonSchema, McpServer, type JsonSchemaType } from "@modelcontextprotocol/server";

export type PeerTool = { name: string; title?: string; description?: string; input_schema: Record<string, unknown>; annotations?: Record<string, boolean> };
export type ToolsetPeer = {
  url: string;
  tools: PeerTool[];
  instructions: string | undefined;
  calls: Record<string, number>;
  restart(): Promise<void>;
  close(): Promise<void>;
};

export async function startToolsetPeer(tools: PeerTool[], instructions?: string): Promise<ToolsetPeer> {
  const state = { tools, instructions };
  const calls: Record<string, number> = {};
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: "patchbay-toolset-peer", version: "1.0.0" }, { capabilities: { tools: {} }, instructions: state.instructions });
    for (const tool of state.tools) {
      server.registerTool(tool.name, {
        title: tool.title, description: tool.description, annotations: tool.annotations,
        inputSchema: fromJsonSchema(tool.input_schema as JsonSchemaType),
      }, async () => {
        calls[tool.name] = (calls[tool.name] ?? 0) + 1;
        return { content: [{ type: "text", text: `${tool.name} ran` }] };
      });
    }
    return server;
  });

  const serve: http.RequestListener = (req, res) => void forward(req, res);
  async function forward(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await handler.fetch(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body: body.length ? body : undefined }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  }

  let server = http.createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const stop = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    get tools() { return state.tools; },
    set tools(next) { state.tools = next; },
    get instructions() { return state.instructions; },
    set instructions(next) { state.instructions = next; },
    async restart() {
      await stop();
      server = http.createServer(serve);
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    async close() {
      await stop();
      await handler.close();
    },
  };
}
