import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startEverything, startRecordingProxy, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { authedEnv } from "../support/authed-patchbay";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";
import { waitUntil } from "../support/wait-until";

/**
 * DESIGN §12 and §16: prompts/get and resources/read go through the circuit of (server, environment) that tool calls
 * go through. The real server-everything sits behind a proxy that can answer 503 (a failing load balancer): two
 * failed relayed requests open the circuit (failure_threshold 2); while open, prompts, resources and tools are
 * refused with an MCP error naming the server and nothing reaches it; once `reset_after_ms` has passed, one trial
 * goes through and its answer closes the circuit.
 */
const ADMIN_TOKEN = `pb-relay-circuit-${uniqueName("t")}`;
const DOC_URI = "demo://resource/static/document/architecture.md";

let patchbay: PatchbayProcess;
let everything: EverythingServer;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
let admin: ApiClient;
let runnerToken: string;
let client: Client;
const server = uniqueName("relay-circuit");
const agent = uniqueName("relay-circuit-agent");

beforeAll(async () => {
  [patchbay, everything] = await Promise.all([startPatchbay({ env: authedEnv(ADMIN_TOKEN) }), startEverything("streamableHttp")]);
  proxy = await startRecordingProxy(everything.port);
  admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const definition = httpServer(server, { transport: { type: "http", url: `${proxy.url}/mcp` }, resilience: { retries: 0, circuit_breaker: { failure_threshold: 2, reset_after_ms: 600_000 } } });
  expect((await admin.post("/api/mcp-servers", definition)).status).toBe(201);
  expect((await admin.post(`/api/mcp-servers/${server}/test`, {})).body).toMatchObject({ status: "healthy" });
  expect((await admin.post("/api/agents", { name: agent, description: "Relays prompts and resources", mcp_servers: { every: server } })).status).toBe(201);
  runnerToken = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, uniqueName("relay-runner"), "runner");
  client = new Client({ name: "relay-circuit-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/agents/${agent}`, patchbay.baseUrl), { requestInit: { headers: { Authorization: `Bearer ${runnerToken}` } } }));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await Promise.all([patchbay?.stop(), proxy?.close(), everything?.stop()]);
});

const circuit = async () => (await admin.get(`/api/circuits?server=${server}`)).body.circuits;
const refusal = (pending: Promise<unknown>) => pending.then(() => undefined, (error: unknown) => error as McpError);
const openText = /^MCP error -32603: MCP server '(.+)' is failing: its circuit is open; retry after \d+ s\.$/;

describe("prompts and resources through the circuit of (server, environment)", () => {
  test("answers pass through a closed circuit", async () => {
    const prompt = await client.getPrompt({ name: "every.simple-prompt" });
    const resource = await client.readResource({ uri: DOC_URI });

    expect(prompt.messages.length).toBeGreaterThan(0);
    expect(resource.contents[0]).toMatchObject({ uri: DOC_URI });
    expect(await circuit()).toEqual([{ server, environment: "development", state: "closed", consecutive_failures: 0, opened_at: null }]);
  });

  test("a failed prompts/get and a failed resources/read open it: MCP errors naming the server", async () => {
    proxy.failWith = 503;

    const failedPrompt = await refusal(client.getPrompt({ name: "every.simple-prompt" }));
    const failedRead = await refusal(client.readResource({ uri: DOC_URI }));

    for (const failed of [failedPrompt, failedRead]) {
      expect(failed).toBeInstanceOf(McpError);
      expect(failed!.code).toBe(ErrorCode.InternalError);
      expect(failed!.message).toContain(`MCP server '${server}' did not answer: `);
    }
    expect(await circuit()).toEqual([{ server, environment: "development", state: "open", consecutive_failures: 2, opened_at: expect.any(String) }]);
  });

  test("while open: prompts, resources and tools are refused naming the server, and nothing reaches it", async () => {
    const sent = proxy.requests;

    const prompt = await refusal(client.getPrompt({ name: "every.simple-prompt" }));
    const read = await refusal(client.readResource({ uri: DOC_URI }));
    const tool = await client.callTool({ name: "every.echo", arguments: { message: "hi" } });

    for (const refused of [prompt, read]) {
      expect(refused!.code).toBe(ErrorCode.InternalError);
      expect(refused!.message).toMatch(openText);
      expect(openText.exec(refused!.message)![1]).toBe(server);
    }
    expect(tool).toEqual({ isError: true, content: [{ type: "text", text: expect.stringMatching(new RegExp(`^MCP server '${server}' is failing: its circuit is open; retry after \\d+ s\\.$`)) }] });
    expect(proxy.requests).toBe(sent);
  });

  test("half-open: once reset_after_ms has passed, one trial goes through and its answer closes the circuit", async () => {
    proxy.failWith = null;
    // The server's current settings apply to its open circuit: a short wait now lets the next request be the trial.
    expect((await admin.patch(`/api/mcp-servers/${server}`, { resilience: { retries: 0, circuit_breaker: { failure_threshold: 2, reset_after_ms: 200 } } })).status).toBe(200);

    let prompt: Awaited<ReturnType<Client["getPrompt"]>> | undefined;
    await waitUntil(async () => {
      prompt = await client.getPrompt({ name: "every.simple-prompt" }).catch(() => undefined);
      return prompt !== undefined;
    }, 15_000, "the trial prompts/get to pass");

    expect(prompt!.messages.length).toBeGreaterThan(0);
    expect(await circuit()).toEqual([{ server, environment: "development", state: "closed", consecutive_failures: 0, opened_at: null }]);
    expect((await client.readResource({ uri: DOC_URI })).contents[0]).toMatchObject({ uri: DOC_URI });
  });
});
