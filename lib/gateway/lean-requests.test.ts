import { randomUUID } from "node:crypto";
import type http from "node:http";

import { SdkErrorCode } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, EmptyResultSchema, ErrorCode, GetPromptRequestSchema, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { startDeadline } from "../mcp/deadline";
import { describeFailure } from "../mcp/describe-failure";
import { callToolLean, canCallLean, requestCheckedLean } from "../mcp/lean-requests";
import { openSession, type McpSession } from "../mcp/mcp-session";
import { createOutboundPolicy } from "../mcp/outbound-policy";
import { startEverything, startHttpPeer, startRecordingProxy, type EverythingServer, type Peer } from "../mcp/test-peers";
import { callUpstream, type UpstreamRequest } from "./call-upstream";
import { resilienceSettings } from "./resilience";
import { closeAllSessions } from "./session-pool";

const policy = createOutboundPolicy();
const scope = { id: "lean-tests", close: async () => {} };
const FIVE_MIB = 5 * 1024 * 1024;
let everything: EverythingServer;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
  proxy = await startRecordingProxy(everything.port);
}, 30_000);
afterAll(async () => {
  await closeAllSessions();
  await proxy.close();
  await everything.stop();
});
afterEach(() => closeAllSessions());

let calls = 0;
/** One tool call through the pipeline's upstream step, under a server name of its own (its own circuit and pooled session). */
function call(url: string, tool: string, args: Record<string, unknown> = {}): ReturnType<typeof callUpstream> {
  const request: UpstreamRequest = {
    server: `lean-${++calls}`, environment: "test", config: { type: "http", url }, tool, arguments: args, annotations: undefined,
    settings: resilienceSettings({ timeout_ms: 10_000, retries: 1, backoff: { min_ms: 1, max_ms: 1 } }), scope, policy, secrets: [],
  };
  return callUpstream(request);
}

async function connected(url: string): Promise<McpSession> {
  const session = openSession({ type: url.endsWith("/sse") ? "sse" : "http", url }, { policy, timeoutMs: 10_000, secrets: [] });
  const deadline = startDeadline(10_000);
  await session.connect(deadline).finally(() => deadline.dispose());
  return session;
}

describe("the lean tools/call against server-everything over streamable HTTP", { timeout: 30_000 }, () => {
  it("sends what the SDK sends (headers, session, protocol version) and reads the same result", async () => {
    const session = await connected(`${proxy.url}/mcp`);
    try {
      if (!canCallLean(session)) throw new Error("a connected legacy-era streamable HTTP session should take the lean path");
      const params = { name: "echo", arguments: { message: "same either way" } };
      proxy.posts.length = 0;
      const viaSdk = await session.client.callTool(params);
      const viaLean = await callToolLean(session, params, AbortSignal.timeout(10_000));

      expect(viaLean).toEqual(viaSdk);
      expect(viaLean).toEqual({ content: [{ type: "text", text: "Echo: same either way" }] });
      const [sdkPost, leanPost] = proxy.posts;
      expect([sdkPost.method, leanPost.method]).toEqual(["tools/call", "tools/call"]);
      expect(leanPost.id).toMatch(/^patchbay-\d+$/);
      const comparable = (headers: http.IncomingHttpHeaders) => {
        const { "content-length": _length, ...rest } = headers;
        return rest;
      };
      expect(comparable(leanPost.headers)).toEqual(comparable(sdkPost.headers));
      expect(leanPost.headers["mcp-session-id"]).toBe(session.streamableHttp?.transport.sessionId);
      expect(leanPost.headers["mcp-protocol-version"]).toBe(session.protocolVersion());
    } finally {
      await session.close({ endSession: true });
    }
  });

  it("runs a gateway call through the lean path: the proxy sees our id, the result is the echo", async () => {
    proxy.posts.length = 0;
    const answer = await call(`${proxy.url}/mcp`, "echo", { message: "hello" });

    expect(answer).toEqual({ kind: "result", result: { content: [{ type: "text", text: "Echo: hello" }] }, attempts: 1 });
    expect(proxy.posts.filter((post) => post.method === "tools/call").map((post) => post.id)).toEqual([expect.stringMatching(/^patchbay-\d+$/)]);
  });

  it("keeps image content as the server sent it", async () => {
    const answer = await call(`http://127.0.0.1:${everything.port}/mcp`, "get-tiny-image");
    expect(answer.kind === "result" && answer.result.content).toContainEqual({ type: "image", mimeType: "image/png", data: expect.stringMatching(/^iVBOR/) });
  });
});

describe("the lean prompts/get and resources/read against server-everything", { timeout: 30_000 }, () => {
  it("send our own request and read what the SDK client reads", async () => {
    const session = await connected(`${proxy.url}/mcp`);
    try {
      if (!canCallLean(session)) throw new Error("a connected legacy-era streamable HTTP session should take the lean path");
      const prompt = { name: "args-prompt", arguments: { city: "Lyon", state: "Rhône" } };
      const document = { uri: "demo://resource/static/document/architecture.md" };
      proxy.posts.length = 0;

      const [viaSdk, viaLean] = [await session.client.getPrompt(prompt), await requestCheckedLean(session, "prompts/get", prompt, AbortSignal.timeout(10_000))];
      const [readBySdk, readLean] = [await session.client.readResource(document), await requestCheckedLean(session, "resources/read", document, AbortSignal.timeout(10_000))];

      expect(viaLean).toEqual(viaSdk);
      expect(JSON.stringify(viaLean)).toContain("Lyon");
      expect(readLean).toEqual(readBySdk);
      expect(readLean.contents).toEqual([expect.objectContaining({ uri: document.uri, mimeType: "text/markdown", text: expect.any(String) })]);
      expect(proxy.posts.map((post) => [post.method, typeof post.id === "string" && post.id.startsWith("patchbay-")])).toEqual([
        ["prompts/get", false], ["prompts/get", true], ["resources/read", false], ["resources/read", true],
      ]);
    } finally {
      await session.close({ endSession: true });
    }
  });

  it("a prompt whose server logs and asks the client first: the SDK client answers its ping, the prompt comes after", async () => {
    const server = await startTestServer({ json: false });
    const session = await connected(server.url);
    try {
      if (!canCallLean(session)) throw new Error("a connected legacy-era streamable HTTP session should take the lean path");
      const prompt = await requestCheckedLean(session, "prompts/get", { name: "chatty" }, AbortSignal.timeout(10_000));
      expect(prompt).toEqual({ messages: [{ role: "user", content: { type: "text", text: "pinged the client: {}" } }] });
    } finally {
      await session.close({ endSession: true });
      await server.close();
    }
  });

  it("a result that is not a prompt is the SDK client's InvalidResult error, as its request would throw", async () => {
    const server = await startTestServer({ json: true });
    const session = await connected(server.url);
    try {
      if (!canCallLean(session)) throw new Error("a connected legacy-era streamable HTTP session should take the lean path");
      const sdkError = await session.client.getPrompt({ name: "malformed" }).catch((error: unknown) => error);
      const leanError = await requestCheckedLean(session, "prompts/get", { name: "malformed" }, AbortSignal.timeout(10_000)).catch((error: unknown) => error);

      expect(sdkError).toMatchObject({ code: SdkErrorCode.InvalidResult });
      expect(leanError).toMatchObject({ code: SdkErrorCode.InvalidResult, message: expect.stringMatching(/^Invalid result for prompts\/get: /) });
    } finally {
      await session.close({ endSession: true });
      await server.close();
    }
  });
});

describe("which sessions take the lean path", { timeout: 30_000 }, () => {
  it("a streamable HTTP session once connected; not before, and never an SSE (legacy transport) one", async () => {
    const url = `http://127.0.0.1:${everything.port}/mcp`;
    const fresh = openSession({ type: "http", url }, { policy, timeoutMs: 10_000, secrets: [] });
    expect(canCallLean(fresh)).toBe(false);
    await fresh.close();

    const sseServer = await startEverything("sse");
    const sse = await connected(`http://127.0.0.1:${sseServer.port}/sse`);
    try {
      expect([sse.era(), canCallLean(sse)]).toEqual(["legacy", false]);
    } finally {
      await sse.close();
      await sseServer.stop();
    }
  });
});

describe("the lean tools/call against SDK servers of our own", { timeout: 30_000 }, () => {
  for (const json of [true, false]) {
    describe(json ? "JSON answers (enableJsonResponse)" : "SSE answers", () => {
      let server: TestServer;
      beforeAll(async () => (server = await startTestServer({ json })));
      afterAll(() => server.close());

      it("reads the result", async () => {
        expect(await call(server.url, "echo", { message: "hi" })).toEqual({ kind: "result", result: { content: [{ type: "text", text: "hi" }] }, attempts: 1 });
      });

      it("a tool error is a result, sent once and never retried", async () => {
        const before = server.toolCalls("fail");
        const answer = await call(server.url, "fail");

        expect(answer).toEqual({ kind: "result", result: { content: [{ type: "text", text: "it broke" }], isError: true }, attempts: 1 });
        expect(server.toolCalls("fail")).toBe(before + 1);
      });

      it("a JSON-RPC error answer fails the call as the SDK's error would, without a retry", async () => {
        const session = await connected(server.url);
        const sdkError = await session.client.callTool({ name: "invalid", arguments: {} }).catch((error: unknown) => error);
        await session.close({ endSession: true });
        const before = server.toolCalls("invalid");

        const answer = await call(server.url, "invalid");
        expect(answer).toEqual({
          kind: "failed", outcome: "upstream_error", reason: describeFailure(sdkError, {}).reason, attempts: 1,
          protocolError: { code: -32602, message: "no such thing" },
        });
        expect(answer.kind === "failed" && answer.reason).toBe("protocol error: MCP error -32602: no such thing");
        expect(server.toolCalls("invalid")).toBe(before + 1);
      });

      it("a session the server forgot (404) is retried on a new session and succeeds", async () => {
        const url = server.url;
        const request = (message: string): UpstreamRequest => ({
          server: `lean-forgotten-${json}`, environment: "test", config: { type: "http", url }, tool: "echo", arguments: { message },
          annotations: undefined, settings: resilienceSettings({ timeout_ms: 10_000, retries: 1, backoff: { min_ms: 1, max_ms: 1 } }), scope, policy, secrets: [],
        });
        expect(await callUpstream(request("first"))).toMatchObject({ kind: "result", attempts: 1 });
        const sessionsBefore = server.initializes();
        server.forgetSessions();

        expect(await callUpstream(request("second"))).toEqual({ kind: "result", result: { content: [{ type: "text", text: "second" }] }, attempts: 2 });
        expect(server.initializes()).toBe(sessionsBefore + 1);
      });

      it(json ? "an answer over the response limit fails as it does on the SDK path" : "an event over the response limit fails at once (the SDK path waits for its timeout)", async () => {
        const session = await connected(server.url);
        const sdkError = await session.client.callTool({ name: "huge", arguments: {} }, { timeout: json ? 10_000 : 500 }).catch((error: unknown) => error);
        const sdkReason = describeFailure(sdkError, session.trace).reason;
        await session.close({ endSession: true });

        const answer = await call(server.url, "huge");
        expect(answer).toEqual({ kind: "failed", outcome: "upstream_error", reason: `response larger than 4 MiB from ${new URL(server.url).origin}`, attempts: 1 });
        if (json) expect(answer.kind === "failed" && answer.reason).toBe(sdkReason);
        else expect(sdkError).toMatchObject({ code: SdkErrorCode.RequestTimeout }); // the oversized stream reached the SDK's onerror alone
      });
    });
  }

  it("takes up an event stream the server closed before the answer (SSE polling) with a GET carrying Last-Event-ID", async () => {
    const server = await startTestServer({ json: false });
    const session = await connected(server.url);
    try {
      if (!canCallLean(session)) throw new Error("a connected legacy-era streamable HTTP session should take the lean path");
      const polled = await callToolLean(session, { name: "polled", arguments: {} }, AbortSignal.timeout(10_000));
      expect(polled).toEqual({ content: [{ type: "text", text: "answered after the stream closed" }] });
      expect(server.toolCalls("polled")).toBe(1);
      expect(server.resumptions()).toEqual([{ lastEventId: "polled-1", accept: "text/event-stream", contentType: undefined }]);

      // The GET's headers were its own: the session's next POST still says what it sends and accepts.
      const echoed = await callToolLean(session, { name: "echo", arguments: { message: "after" } }, AbortSignal.timeout(10_000));
      expect(echoed).toEqual({ content: [{ type: "text", text: "after" }] });
    } finally {
      await session.close({ endSession: true });
      await server.close();
    }
  });

  it("an event stream cut before the answer fails the call as a reset connection (retried, as any network failure)", async () => {
    const server = await startTestServer({ json: false });
    try {
      const answer = await call(server.url, "cut");
      expect(answer).toEqual({ kind: "failed", outcome: "upstream_error", reason: "connection reset by peer", attempts: 2 });
      expect(server.toolCalls("cut")).toBe(2);
    } finally {
      await server.close();
    }
  });

  it("skips notifications before the answer and lets the SDK client answer the server's own request", async () => {
    const server = await startTestServer({ json: false });
    try {
      const answer = await call(server.url, "chatty");
      expect(answer).toEqual({ kind: "result", result: { content: [{ type: "text", text: "pinged the client: {}" }] }, attempts: 1 });
    } finally {
      await server.close();
    }
  });
});

type Resumption = { lastEventId: string; accept: string | undefined; contentType: string | undefined };
type TestServer = Peer & { toolCalls(tool: string): number; initializes(): number; forgetSessions(): void; resumptions(): Resumption[] };

/**
 * An MCP SDK 1.x server over streamable HTTP with sessions: `echo`; `fail` (a tool error); `invalid` (a JSON-RPC
 * error); `huge` (5 MiB of text); `chatty` (a log message and a progress notification, then a ping to the
 * client, before its result); any prompt (a log message and a ping to the client, then one message). Answered
 * here rather than by the SDK server: `polled` (the event stream ends after a priming event with an id and `retry`;
 * a GET with that Last-Event-ID, listed by `resumptions()`, gets the result), `cut` (the connection drops
 * mid-event) and prompts/get of `malformed` (a result whose `messages` is no list). `forgetSessions()` makes it
 * answer 404 to every session it knew.
 */
async function startTestServer({ json }: { json: boolean }): Promise<TestServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const toolCalls = new Map<string, number>();
  const resumptions: Resumption[] = [];
  const polled = new Map<string, unknown>(); // priming event id → the id of the tools/call it belongs to
  let initializes = 0;

  const newServer = () => {
    const server = new Server({ name: "lean-test", version: "1.0.0" }, { capabilities: { tools: {}, prompts: {}, logging: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
    server.setRequestHandler(GetPromptRequestSchema, async (_request, extra) => {
      await extra.sendNotification({ method: "notifications/message", params: { level: "info", data: "composing" } });
      const pong = await extra.sendRequest({ method: "ping" }, EmptyResultSchema);
      return { messages: [{ role: "user", content: { type: "text", text: `pinged the client: ${JSON.stringify(pong)}` } }] };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const { name } = request.params;
      toolCalls.set(name, (toolCalls.get(name) ?? 0) + 1);
      switch (name) {
        case "echo": return { content: [{ type: "text", text: String(request.params.arguments?.message) }] };
        case "fail": return { content: [{ type: "text", text: "it broke" }], isError: true };
        case "huge": return { content: [{ type: "text", text: "x".repeat(FIVE_MIB) }] };
        case "chatty": {
          await extra.sendNotification({ method: "notifications/message", params: { level: "info", data: "working" } });
          await extra.sendNotification({ method: "notifications/progress", params: { progressToken: "unasked", progress: 1, total: 2 } });
          const pong = await extra.sendRequest({ method: "ping" }, EmptyResultSchema);
          return { content: [{ type: "text", text: `pinged the client: ${JSON.stringify(pong)}` }] };
        }
        default: throw new McpError(ErrorCode.InvalidParams, "no such thing");
      }
    });
    return server;
  };

  const peer = await startHttpPeer((req, res) => void handle(req, res));
  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    if (body?.method === "tools/call" && body.params?.name === "cut") {
      toolCalls.set("cut", (toolCalls.get("cut") ?? 0) + 1);
      res.writeHead(200, { "content-type": "text/event-stream" });
      return void res.write(`id: 1\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(body.id)},"res`, () => res.destroy());
    }
    if (body?.method === "prompts/get" && body.params?.name === "malformed") {
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { messages: "not a list" } }));
    }
    if (body?.method === "tools/call" && body.params?.name === "polled") {
      toolCalls.set("polled", (toolCalls.get("polled") ?? 0) + 1);
      const primingId = `polled-${polled.size + 1}`;
      polled.set(primingId, body.id);
      return void res.writeHead(200, { "content-type": "text/event-stream" }).end(`id: ${primingId}\nretry: 1\ndata: \n\n`);
    }
    const lastEventId = req.headers["last-event-id"];
    if (req.method === "GET" && typeof lastEventId === "string" && polled.has(lastEventId)) {
      resumptions.push({ lastEventId, accept: req.headers.accept, contentType: req.headers["content-type"] });
      const answer = { jsonrpc: "2.0", id: polled.get(lastEventId), result: { content: [{ type: "text", text: "answered after the stream closed" }] } };
      return void res.writeHead(200, { "content-type": "text/event-stream" }).end(`id: ${lastEventId}-answer\nevent: message\ndata: ${JSON.stringify(answer)}\n\n`);
    }
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const known = transports.get(sessionId);
      if (!known) return void res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } }));
      return known.handleRequest(req, res, body);
    }
    if (body?.method === "initialize") initializes++;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID, enableJsonResponse: json, onsessioninitialized: (id) => void transports.set(id, transport),
    });
    await newServer().connect(transport);
    await transport.handleRequest(req, res, body);
  }

  return {
    ...peer, url: `${peer.url}/mcp`,
    toolCalls: (tool) => toolCalls.get(tool) ?? 0,
    initializes: () => initializes,
    forgetSessions: () => transports.clear(),
    resumptions: () => [...resumptions],
  };
}
