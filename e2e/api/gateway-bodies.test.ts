import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPipelinePeer, type PipelinePeer } from "../support/pipeline-peer-process";
import { startPatchbay, stopProcess, type PatchbayProcess } from "../support/patchbay-process";
import { jsonRpcAnswer } from "../support/json-rpc-answer";
import { MAX_JSON_DEPTH } from "../../lib/http/body";

/**
 * Gateway bodies (DESIGN §14): JSON-RPC batches are refused (−32600, nothing of them runs, so a batch cannot spend
 * one unit of the calls budget on thirty calls), and a POST body over 4 MiB is refused with 413 before it is parsed,
 * however it is framed. A real MCP peer counts the calls that reached it.
 */
const ADMIN_TOKEN = "pb_gateway_bodies_admin_token_0123456789";
const CALLS_PER_MIN = 20;
const FOUR_MIB = 4 * 1024 * 1024;
const group = uniqueName("bodies");
const names = { server: `${group}-peer`, capability: `${group}-cap`, agent: `${group}-agent` };

let patchbay: PatchbayProcess;
let peer: PipelinePeer;
let runnerToken: string;
let sessionId: string;

async function peerEchoCalls(): Promise<number> {
  const { calls } = (await (await fetch(peer.url.replace("/mcp", "/control"))).json()) as { calls: Record<string, number> };
  return calls.echo ?? 0;
}

const gatewayUrl = () => new URL(`/mcp/agents/${names.agent}`, patchbay.baseUrl);

function gatewayHeaders(session?: string): Record<string, string> {
  return {
    Authorization: `Bearer ${runnerToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream",
    ...(session ? { "Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-11-25" } : {}),
  };
}

function post(body: BodyInit, session?: string, extra: RequestInit = {}): Promise<Response> {
  return fetch(gatewayUrl(), { method: "POST", headers: gatewayHeaders(session), body, ...extra });
}

const echoCall = (id: number, text: string) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "peer.echo", arguments: { text } } });

/** A stream of `total` bytes of `fill` in 64 KiB chunks: sent chunked, with no Content-Length. */
function chunkedBody(total: number): ReadableStream<Uint8Array> {
  let left = total;
  return new ReadableStream({
    pull(controller) {
      if (left === 0) return controller.close();
      const size = Math.min(left, 64 * 1024);
      left -= size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

beforeAll(async () => {
  [patchbay, peer] = await Promise.all([
    startPatchbay({ env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
      PATCHBAY_RATE_CALLS_PER_MIN: String(CALLS_PER_MIN), PATCHBAY_RATE_TESTS_PER_MIN: "10000",
    } }),
    startPipelinePeer(),
  ]);
  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  expect((await admin.post("/api/mcp-servers", httpServer(names.server, { transport: { type: "http", url: peer.url } }))).status).toBe(201);
  expect((await admin.post(`/api/mcp-servers/${names.server}/health-check`, {})).body.status).toBe("healthy");
  expect((await admin.post("/api/capabilities", { name: names.capability, description: "Bodies", mcp_servers: { peer: names.server } })).status).toBe(201);
  expect((await admin.post("/api/agents", { name: names.agent, description: "Bodies agent", capabilities: [names.capability] })).status).toBe(201);
  const minted = await admin.post("/api/tokens", { name: `${group}-runner`, role: "runner" });
  expect(minted.status).toBe(201);
  runnerToken = minted.body.token;

  const initialized = await post(JSON.stringify({
    jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bodies-test", version: "1.0.0" } },
  }));
  expect(initialized.status).toBe(200);
  sessionId = initialized.headers.get("mcp-session-id")!;
  await initialized.text();
  expect((await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), sessionId)).status).toBe(202);
}, 120_000);

afterAll(async () => {
  await Promise.all([patchbay?.stop(), peer && stopProcess(peer.child)]);
});

describe("JSON-RPC batches are refused by the gateway (DESIGN §14)", () => {
  test(`a batch of 30 tools/call → 400, −32600 Invalid Request with id null; the upstream saw no call, and a single call still fits the budget of ${CALLS_PER_MIN}`, async () => {
    const before = await peerEchoCalls();

    const batch = await post(JSON.stringify(Array.from({ length: 30 }, (_, index) => echoCall(index + 1, `batched ${index}`))), sessionId);

    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) }, id: null });
    expect(await peerEchoCalls()).toBe(before);

    const single = await post(JSON.stringify(echoCall(100, "alone")), sessionId);
    expect(single.status).toBe(200);
    expect(await jsonRpcAnswer(single)).toMatchObject({ jsonrpc: "2.0", id: 100, result: { structuredContent: { text: "alone" } } });
    expect(await peerEchoCalls()).toBe(before + 1);
  });

  test("a batch without a session (an initialize and a call) → −32600, and no session is opened", async () => {
    const before = await peerEchoCalls();
    const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "batch", version: "1" } } };

    const batch = await post(JSON.stringify([initialize, echoCall(2, "sneaked")]));

    expect(batch.status).toBe(400);
    expect(batch.headers.get("mcp-session-id")).toBeNull();
    expect(await batch.json()).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) }, id: null });
    expect(await peerEchoCalls()).toBe(before);
  });
});

describe("a message nesting deeper than MAX_JSON_DEPTH is refused by the gateway", () => {
  /** `{"a":{"a":…"leaf"…}}`, `levels` objects deep, as text: JSON.stringify would overflow this process's stack on it. */
  const nested = (levels: number): string => `${'{"a":'.repeat(levels)}"leaf"${"}".repeat(levels)}`;
  const callWithExtra = (id: number, text: string, extra: string) =>
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"peer.echo","arguments":{"text":${JSON.stringify(text)},"extra":${extra}}}}`;

  test("arguments 10,000 levels deep → 400, −32600 with id null; the upstream saw no call, and the session still answers", async () => {
    const before = await peerEchoCalls();

    const deep = await post(callWithExtra(200, "deep", nested(10_000)), sessionId);

    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: `Invalid Request: the message nests deeper than ${MAX_JSON_DEPTH} levels.` }, id: null });
    expect(await peerEchoCalls()).toBe(before);
    const next = await post(JSON.stringify(echoCall(201, "after")), sessionId);
    expect(await jsonRpcAnswer(next)).toMatchObject({ id: 201, result: { structuredContent: { text: "after" } } });
  });

  test("arguments as deep as an API body may be still reach the upstream", async () => {
    const before = await peerEchoCalls();
    // The envelope takes three levels (message, params, arguments); the rest is the argument's own nesting.
    const answer = await post(callWithExtra(202, "deep enough", nested(MAX_JSON_DEPTH - 3)), sessionId);

    expect(answer.status).toBe(200);
    expect(await peerEchoCalls()).toBe(before + 1);
  });
});

describe("gateway POST bodies over 4 MiB → 413 before parsing (DESIGN §14)", () => {
  test("4 MiB + 1 byte with Content-Length → 413 problem+json", async () => {
    const refused = await post(" ".repeat(FOUR_MIB + 1), sessionId);

    expect(refused.status).toBe(413);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await refused.json()).toMatchObject({ status: 413, type: expect.stringContaining("payload-too-large") });
  });

  test("4 MiB + 1 byte sent chunked (no Content-Length), to a new session → 413 problem+json", async () => {
    const refused = await post(chunkedBody(FOUR_MIB + 1), undefined, { duplex: "half" } as RequestInit);

    expect(refused.status).toBe(413);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await refused.json()).toMatchObject({ status: 413, type: expect.stringContaining("payload-too-large") });
  });

  test("exactly 4 MiB of valid JSON is not refused for size: the message is answered", async () => {
    // A ping padded through `_meta` to exactly 4 MiB: the gateway's own transport answers it, no upstream limit in the way.
    const ping = (pad: string) => JSON.stringify({ jsonrpc: "2.0", id: 200, method: "ping", params: { _meta: { pad } } });
    const body = ping("x".repeat(FOUR_MIB - Buffer.byteLength(ping(""))));
    expect(Buffer.byteLength(body)).toBe(FOUR_MIB);

    const answered = await post(body, sessionId);

    expect(answered.status).toBe(200);
    expect(await jsonRpcAnswer(answered)).toEqual({ jsonrpc: "2.0", id: 200, result: {} });
  });
});
