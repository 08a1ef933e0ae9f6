/**
 * A real MCP server for the call-pipeline tests, run as a child process (plain Node, no build): the SDK's
 * `createMcpHandler` over node:http on 127.0.0.1, or `serveStdio`. Its tools:
 * - `echo` answers the arguments it received (structuredContent and JSON text): hidden defaults show here;
 * - `fail` answers a tool error; `hang` never answers; `leak` answers secret-looking text and JSON;
 * - `picture` answers one PNG image block.
 * Over HTTP, GET /control reports how often each tool ran; POST /control/fail?status=503&count=2 makes the next
 * `count` `tools/call` requests answer that status. `node pipeline-peer.mjs http [port]` prints `{"url"}` once listening;
 * `node pipeline-peer.mjs stdio <pid-file>` writes its pid and starts a grandchild sleeper in its process group.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";

import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

const calls = {};
const failing = { status: 0, count: 0 };
const OBJECT = { type: "object", properties: { text: { type: "string" }, mode: { type: "string" } } };

function createServer() {
  const server = new McpServer({ name: "pipeline-peer", version: "1.0.0" }, { capabilities: { tools: {} } });
  const register = (name, annotations, run) => server.registerTool(name, { description: `${name} tool`, inputSchema: fromJsonSchema(OBJECT), annotations }, async (args) => {
    calls[name] = (calls[name] ?? 0) + 1;
    return run(args);
  });
  register("echo", undefined, (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }], structuredContent: args }));
  register("fail", undefined, () => ({ isError: true, content: [{ type: "text", text: "failed as asked" }] }));
  register("hang", { readOnlyHint: false }, () => new Promise(() => {}));
  const leaked = { visible: "kept", secret: "json-secret-value", nested: { secret: "deep-secret-value" } };
  register("leak", undefined, () => ({
    content: [{ type: "text", text: "token sk-live-4242abcd and card 4111-1111" }, { type: "text", text: JSON.stringify(leaked) }],
    structuredContent: leaked,
  }));
  register("picture", undefined, () => ({ content: [{ type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }] }));
  return server;
}

const [mode, option] = process.argv.slice(2);
if (mode === "stdio") {
  writeFileSync(option, String(process.pid));
  spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  serveStdio(() => createServer());
} else {
  const handler = createMcpHandler(() => createServer());
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (url.pathname === "/control") return void res.end(JSON.stringify({ calls }));
    if (url.pathname === "/control/fail") {
      failing.status = Number(url.searchParams.get("status"));
      failing.count = Number(url.searchParams.get("count"));
      return void res.end("{}");
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    if (failing.count > 0 && req.method === "POST" && body.toString().includes('"tools/call"')) {
      failing.count -= 1;
      res.writeHead(failing.status, { "Content-Type": "text/plain" });
      return void res.end("unavailable, as asked");
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await handler.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: body.length ? body : undefined }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
  server.listen(Number(option ?? 0), "127.0.0.1", () => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}/mcp` })}\n`);
  });
}
