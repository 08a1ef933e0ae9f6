import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startEverything, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { authedEnv } from "../support/authed-patchbay";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";

/**
 * Relayed prompts and resources reuse a pooled upstream session, as tool calls do. When the upstream restarts, the
 * session id Patchbay holds means nothing to it: the request on that session fails, and — as after a failed tool
 * call — the session is dropped, so the next request opens a new one instead of failing until the pool's idle sweep.
 */
const ADMIN_TOKEN = `pb-relay-session-${uniqueName("t")}`;
const server = uniqueName("relay-session");
const agent = uniqueName("relay-session-agent");
let patchbay: PatchbayProcess;
let everything: EverythingServer;
let client: Client;

beforeAll(async () => {
  [patchbay, everything] = await Promise.all([startPatchbay({ env: authedEnv(ADMIN_TOKEN) }), startEverything("streamableHttp")]);
  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const definition = httpServer(server, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` }, resilience: { retries: 0 } });
  expect((await admin.post("/api/mcp-servers", definition)).status).toBe(201);
  expect((await admin.post("/api/agents", { name: agent, description: "Relays prompts", mcp_servers: { every: server } })).status).toBe(201);
  const runnerToken = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, uniqueName("relay-runner"), "runner");
  client = new Client({ name: "relay-session-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/agents/${agent}`, patchbay.baseUrl), { requestInit: { headers: { Authorization: `Bearer ${runnerToken}` } } }));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await Promise.all([patchbay?.stop(), everything?.stop()]);
});

describe("a relayed request's pooled upstream session after the upstream restarts", () => {
  test("one request may fail on the old session; the next is answered on a new one", async () => {
    expect((await client.getPrompt({ name: "every.simple-prompt" })).messages.length).toBeGreaterThan(0);

    const port = everything.port;
    await everything.stop();
    everything = await startEverything("streamableHttp", port);

    const first = await client.getPrompt({ name: "every.simple-prompt" }).then(() => "answered", (error: Error) => error.message);
    if (first !== "answered") expect(first).toMatch(new RegExp(`MCP server '${server}' did not answer`));
    const second = await client.getPrompt({ name: "every.simple-prompt" });
    expect(second.messages.length).toBeGreaterThan(0);
  });
});
