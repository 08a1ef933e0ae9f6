import { randomUUID } from "node:crypto";

import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema, CompleteRequestSchema, ElicitRequestSchema, ElicitResultSchema, ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema,
  ListToolsRequestSchema, LoggingMessageNotificationSchema, McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { startStatefulSdkPeer, type Peer } from "../../lib/mcp/test-peers";
import { MASK } from "../../lib/schemas/secrets";
import { httpServer, uniqueName } from "../support/api-client";
import { startGatewayFixture, type GatewayFixture } from "../support/gateway-fixture";

/**
 * Everything an upstream sends a gateway client besides a tool's result — its log messages and progress while it
 * serves a call, its questions (elicitation: asked of a 2025-11-25 client, sent to a 2026-07-28 one in
 * `inputRequests`), a completion's values and its error — reaches the client with the upstream's secrets masked
 * (DESIGN §7, §12, §14, §19). The upstream here, behind an agent with `isolation: "gateway"`, echoes the
 * Authorization header it was sent (a secret variable scoped to it) into all of them. Every byte each client was
 * sent is recorded, and the secret is in none.
 */
let fixture: GatewayFixture;
let leaky: Peer;
let agent: string;
const secret = `s3cr3t-LEAKY-${randomUUID().slice(0, 8)}`;
const masked = `Bearer ${MASK}`;
const clients: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  [fixture, leaky] = await Promise.all([startGatewayFixture(), startLeakyPeer()]);
  const server = uniqueName("gw-leaky");
  const variable = `LEAKY_TOKEN_${randomUUID().slice(0, 8).toUpperCase()}`;
  await expectStatus(fixture.admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: `${leaky.url}/mcp`, headers: { Authorization: `Bearer \${${variable}}` } } })), 201);
  await expectStatus(fixture.admin.put(`/api/variables/${variable}`, { secret: true, value: secret, scope: { servers: [server] } }), 201);
  await expectStatus(fixture.admin.post(`/api/mcp-servers/${server}/test`, {}), 200);
  agent = uniqueName("agent-leaky");
  await expectStatus(fixture.admin.post("/api/agents", { name: agent, description: "Echoes its credential", mcp_servers: { leaky: server }, isolation: "gateway" }), 201);
}, 120_000);
afterEach(async () => void (await Promise.all(clients.splice(0).map((client) => client.close()))));
afterAll(async () => void (await Promise.all([leaky?.close(), fixture?.stop()])));

async function expectStatus<T extends { status: number; text: string }>(pending: Promise<T>, status: number): Promise<T> {
  const response = await pending;
  expect(response.status, response.text).toBe(status);
  return response;
}

/** A fetch that keeps the text of every response it hands on, event streams included, as it arrives. */
function recordingFetch(): { fetch: typeof fetch; received(): string } {
  const bodies: string[] = [];
  return {
    received: () => bodies.join("\n"),
    async fetch(input, init) {
      const response = await fetch(input, init);
      if (!response.body || [204, 205, 304].includes(response.status)) return response;
      const [handed, kept] = response.body.tee();
      const index = bodies.push("") - 1;
      void (async () => {
        const decoder = new TextDecoder();
        for await (const chunk of kept) bodies[index] += decoder.decode(chunk, { stream: true });
      })().catch(() => {});
      return new Response(handed, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  };
}

/** A 2025-11-25 client (SDK 1.x) of the agent's gateway, declaring `capabilities`; `logs`: the log messages it was sent. */
async function legacyClient(capabilities: Record<string, unknown> = {}) {
  const recording = recordingFetch();
  const client = new Client({ name: "relayed-secrets", version: "1.0.0" }, { capabilities });
  const logs: unknown[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logs.push(notification.params));
  await client.connect(new StreamableHTTPClientTransport(fixture.gatewayUrl("agents", agent), { fetch: recording.fetch, requestInit: { headers: { Authorization: `Bearer ${fixture.runnerToken}` } } }));
  clients.push(client);
  return { client, logs, received: recording.received };
}

/** A 2026-07-28 client (SDK 2.x) declaring form elicitation, answering nothing by itself. */
async function modernClient() {
  const recording = recordingFetch();
  const client = new ModernClient({ name: "relayed-secrets-2026", version: "1.0.0" }, {
    capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false },
  });
  const logs: unknown[] = [];
  client.setNotificationHandler("notifications/message", (notification) => void logs.push(notification.params));
  await client.connect(new ModernTransport(fixture.gatewayUrl("agents", agent), { fetch: recording.fetch, requestInit: { headers: { Authorization: `Bearer ${fixture.runnerToken}` } } }));
  clients.push(client);
  return { client, logs, received: recording.received };
}

const leakedLog = { level: "error", logger: "leaky", data: `upstream got credentials ${masked}` };
const leakedResult = { content: [{ type: "text", text: `result with ${masked}` }] };

/** What a 2025 client is sent for completions of `leaky.p`: the values, and the error of a refused one. */
async function completions(complete: (value: string) => Promise<unknown>) {
  const completed = await complete("a");
  const refused = await complete("fail").then(() => undefined, (error: unknown) => error as { code: number; message: string; data?: unknown });
  expect(completed).toMatchObject({ completion: { values: [`value-${masked}`] } });
  expect(refused).toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining(`completion refused for ${masked}`) });
  return [completed, refused?.message, refused?.data];
}

describe("an upstream that echoes its credential into everything it sends", () => {
  test("a 2025-11-25 client that declared nothing (the direct answer): log message, progress and completion arrive masked", async () => {
    const { client, logs, received } = await legacyClient();

    const answered = await client.callTool({ name: "leaky.leak", arguments: {} });
    const progress: unknown[] = [];
    const withProgress = await client.callTool({ name: "leaky.leak", arguments: {} }, undefined, { onprogress: (update) => void progress.push(update) });
    const completed = await completions((value) => client.complete({ ref: { type: "ref/prompt", name: "leaky.p" }, argument: { name: "x", value } }));

    expect(answered).toEqual(leakedResult);
    expect(withProgress).toEqual(leakedResult);
    expect(logs).toEqual([leakedLog, leakedLog]);
    expect(progress).toEqual([{ progress: 1, total: 2, message: `progress with ${masked}` }]);
    expect(JSON.stringify([answered, withProgress, logs, progress, completed])).not.toContain(secret);
    expect(received()).toContain(MASK);
    expect(received()).not.toContain(secret);
  });

  test("a 2025-11-25 client that declared elicitation: the question it is asked, and everything else, arrive masked", async () => {
    const { client, logs, received } = await legacyClient({ elicitation: { form: {} } });
    const questions: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      questions.push(request.params);
      return { action: "accept", content: { answer: "yes" } };
    });

    const asked = await client.callTool({ name: "leaky.ask", arguments: {} });
    const progress: unknown[] = [];
    const leaked = await client.callTool({ name: "leaky.leak", arguments: {} }, undefined, { onprogress: (update) => void progress.push(update) });
    const completed = await completions((value) => client.complete({ ref: { type: "ref/prompt", name: "leaky.p" }, argument: { name: "x", value } }));

    expect(questions).toEqual([expect.objectContaining({ message: `elicit with ${masked}` })]);
    expect(asked).toEqual({ content: [{ type: "text", text: JSON.stringify({ action: "accept", content: { answer: "yes" } }) }] });
    expect(leaked).toEqual(leakedResult);
    expect(logs).toEqual([leakedLog]);
    expect(progress).toEqual([{ progress: 1, total: 2, message: `progress with ${masked}` }]);
    expect(JSON.stringify([questions, asked, leaked, logs, progress, completed])).not.toContain(secret);
    expect(received()).not.toContain(secret);
  });

  test("a 2026-07-28 client: the question in inputRequests, the log message, progress and completion arrive masked", async () => {
    const { client, logs, received } = await modernClient();

    const first = await client.callTool({ name: "leaky.ask", arguments: {} }, { allowInputRequired: true }) as unknown as { resultType: string; requestState: string; inputRequests: Record<string, { method: string; params: Record<string, unknown> }> };
    expect(first.resultType).toBe("input_required");
    const [[key, question]] = Object.entries(first.inputRequests);
    const asked = await client.callTool({ name: "leaky.ask", arguments: {}, requestState: first.requestState, inputResponses: { [key]: { action: "accept", content: { answer: "yes" } } } } as never);
    const progress: unknown[] = [];
    const leaked = await client.callTool({ name: "leaky.leak", arguments: {} }, { onprogress: (update) => void progress.push(update) });
    const completed = await completions((value) => client.complete({ ref: { type: "ref/prompt", name: "leaky.p" }, argument: { name: "x", value } }));

    expect(question).toMatchObject({ method: "elicitation/create", params: { message: `elicit with ${masked}` } });
    expect(asked).toMatchObject({ content: [{ type: "text", text: JSON.stringify({ action: "accept", content: { answer: "yes" } }) }] });
    expect(leaked).toMatchObject(leakedResult);
    expect(logs).toEqual([leakedLog]);
    expect(progress).toEqual([{ progress: 1, total: 2, message: `progress with ${masked}` }]);
    expect(JSON.stringify([first, asked, leaked, logs, progress, completed])).not.toContain(secret);
    expect(received()).toContain(MASK);
    expect(received()).not.toContain(secret);
  });
});

/**
 * A careless 2025-11-25-only MCP server (SDK 1.x, stateful streamable HTTP) that puts the Authorization header of the
 * request it serves into everything: `leak` logs it, reports progress with it (when asked for progress) and answers
 * with it; `ask` asks the client a question with it (sent whatever the client declared) and answers with the client's
 * answer; completions of prompt `p` offer it, and refuse the value "fail" with an error naming it.
 */
async function startLeakyPeer(): Promise<Peer> {
  const serverForSession = () => {
    const server = new Server({ name: "leaky", version: "1.0.0" }, { capabilities: { tools: {}, prompts: {}, completions: {}, logging: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: ["leak", "ask"].map((name) => ({ name, description: `Careless ${name}`, inputSchema: { type: "object" as const } })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const credentials = String(extra.requestInfo?.headers.authorization);
      if (request.params.name === "ask") {
        const elicitation = { mode: "form" as const, message: `elicit with ${credentials}`, requestedSchema: { type: "object" as const, properties: { answer: { type: "string" as const } } } };
        const answer = await extra.sendRequest({ method: "elicitation/create", params: elicitation }, ElicitResultSchema).catch((error: Error) => ({ failed: error.message }));
        return { content: [{ type: "text", text: JSON.stringify(answer) }] };
      }
      await extra.sendNotification({ method: "notifications/message", params: { level: "error", logger: "leaky", data: `upstream got credentials ${credentials}` } });
      const progressToken = request.params._meta?.progressToken;
      if (progressToken !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: 1, total: 2, message: `progress with ${credentials}` } });
      return { content: [{ type: "text", text: `result with ${credentials}` }] };
    });
    server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [{ name: "p", arguments: [{ name: "x" }] }] }));
    server.setRequestHandler(GetPromptRequestSchema, async () => ({ messages: [{ role: "user", content: { type: "text", text: "p" } }] }));
    server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
      const credentials = String(extra.requestInfo?.headers.authorization);
      if (request.params.argument.value === "fail") throw new McpError(ErrorCode.InvalidParams, `completion refused for ${credentials}`, { credentials });
      return { completion: { values: [`value-${credentials}`] } };
    });
    return server;
  };

  return startStatefulSdkPeer(serverForSession);
}
