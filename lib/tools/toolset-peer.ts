/**
 * A real MCP server whose tools a test changes between probes (not a test file itself): the SDK's
 * `createMcpHandler` — both eras, a fresh `McpServer` per request built from the current tool list — served by
 * node:http on loopback. `restart()` closes it and listens again on the same port with the same tools; `calls` counts
 * the `tools/call`s that reached each tool. With `prompts` it also declares the prompts capability and offers those
 * prompts, which a test changes like the tools; `"broken"` declares the capability and answers every `prompts/list`
 * with a JSON-RPC error.
 */
import http from "node:http";
import type net from "node:net";

import { createMcpHandler, fromJsonSchema, McpServer, type JsonSchemaType } from "@modelcontextprotocol/server";
import { z } from "zod";

export type PeerTool = { name: string; title?: string; description?: string; input_schema: Record<string, unknown>; annotations?: Record<string, boolean> };
export type PeerPrompt = { name: string; title?: string; description?: string; arguments?: { name: string; description?: string; required?: boolean }[] };
export type ToolsetPeer = {
  url: string;
  tools: PeerTool[];
  prompts: PeerPrompt[] | "broken" | undefined;
  instructions: string | undefined;
  calls: Record<string, number>;
  restart(): Promise<void>;
  close(): Promise<void>;
};

export async function startToolsetPeer(tools: PeerTool[], instructions?: string, prompts?: PeerPrompt[] | "broken"): Promise<ToolsetPeer> {
  const state = { tools, instructions, prompts };
  const calls: Record<string, number> = {};
  const handler = createMcpHandler(() => {
    const capabilities = state.prompts === undefined ? { tools: {} } : { tools: {}, prompts: {} };
    const server = new McpServer({ name: "patchbay-toolset-peer", version: "1.0.0" }, { capabilities, instructions: state.instructions });
    for (const prompt of Array.isArray(state.prompts) ? state.prompts : []) registerPeerPrompt(server, prompt);
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
    if (state.prompts === "broken" && isPromptsList(body)) {
      const { id } = JSON.parse(body.toString("utf8")) as { id: unknown };
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message: "the prompt store is down" } }));
      return;
    }
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
    get prompts() { return state.prompts; },
    set prompts(next) { state.prompts = next; },
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

function registerPeerPrompt(server: McpServer, prompt: PeerPrompt) {
  const shape = Object.fromEntries((prompt.arguments ?? []).map((argument) => {
    const value = argument.description === undefined ? z.string() : z.string().describe(argument.description);
    return [argument.name, argument.required ? value : value.optional()];
  }));
  const argsSchema = prompt.arguments === undefined ? undefined : z.object(shape);
  server.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema }, () => ({
    messages: [{ role: "user", content: { type: "text", text: `${prompt.name} says hello` } }],
  }));
}

function isPromptsList(body: Buffer): boolean {
  try {
    return (JSON.parse(body.toString("utf8")) as { method?: unknown }).method === "prompts/list";
  } catch {
    return false;
  }
}
