import { randomUUID } from "node:crypto";

import type { Notification } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ElicitResultSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { PeerRequestMethod } from "../mcp/mcp-session";
import { createOutboundPolicy } from "../mcp/outbound-policy";
import { startStatefulSdkPeer, type Peer } from "../mcp/test-peers";
import { MASK } from "../resolve/types";
import type { Redaction } from "../schemas/server-behaviour";
import { callUpstream, type UpstreamRequest } from "./call-upstream";
import { REDACTED } from "./redact";
import { resilienceSettings } from "./resilience";
import { closeAllSessions, type UpstreamProfile } from "./session-pool";

/**
 * What an upstream sends its gateway client while serving a call — log messages, progress, questions — passes through
 * the server's redactor (its `redaction`, then its resolved secrets) on its way, as the call's result does (DESIGN
 * §7, §12): on the lean path and the SDK's alike, and with the `redaction` the server has now, not the one its pooled
 * session was opened under.
 */
const SECRET = "sk-relayed-0042-secret";
const policy = createOutboundPolicy();
const scope = { id: "relayed-redaction-tests", close: async () => {} };
let leaky: Peer & { sessions(): number };

beforeAll(async () => void (leaky = await startLeakyServer()));
afterEach(() => closeAllSessions());
afterAll(async () => {
  await closeAllSessions();
  await leaky.close();
});

/** A relaying profile that records what reaches it, and answers every question `{answer: "yes"}`. */
function recordingProfile() {
  const notifications: Notification[] = [];
  const requests: { method: PeerRequestMethod; params: Record<string, unknown> | undefined }[] = [];
  const profile: UpstreamProfile = {
    key: `relayed-${randomUUID()}`,
    peer: {
      capabilities: { elicitation: { form: {} } }, negotiation: "legacy",
      onNotification: (notification) => void notifications.push(notification),
      onRequest: async (method, params) => {
        requests.push({ method, params });
        return { action: "accept", content: { answer: "yes" } };
      },
    },
  };
  return { profile, notifications, requests };
}

let calls = 0;
function request(profile: UpstreamProfile, options: { server?: string; redaction?: Redaction; onProgress?: UpstreamRequest["onProgress"] } = {}): UpstreamRequest {
  return {
    server: options.server ?? `relayed-${++calls}`, environment: "test", config: { type: "http", url: `${leaky.url}/mcp`, headers: { Authorization: `Bearer ${SECRET}` } },
    tool: "leak", arguments: {}, annotations: undefined, settings: resilienceSettings({ timeout_ms: 10_000, retries: 0 }), scope, policy,
    secrets: [SECRET], profile, ...(options.redaction ? { redaction: options.redaction } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
}

describe("an upstream's messages to a relayed client are redacted like its result", { timeout: 30_000 }, () => {
  it.each([
    ["the lean path (no progress asked)", false],
    ["the SDK's path (progress asked)", true],
  ])("%s: log message, question and progress reach the client with the secret masked and `redaction.patterns` applied", async (_name, withProgress) => {
    const { profile, notifications, requests } = recordingProfile();
    const progress: unknown[] = [];

    const answer = await callUpstream(request(profile, { redaction: { patterns: ["got cred[a-z]+"] }, ...(withProgress ? { onProgress: (update) => void progress.push(update) } : {}) }));

    expect(answer).toMatchObject({ kind: "result" }); // the result is the pipeline's to redact (run-tool-call.ts)
    expect(notifications).toMatchObject([{ method: "notifications/message", params: { level: "error", logger: "leaky", data: `upstream ${REDACTED} Bearer ${MASK}` } }]);
    expect(requests).toEqual([{ method: "elicitation/create", params: expect.objectContaining({ message: `elicit with Bearer ${MASK}` }) }]);
    expect(progress).toEqual(withProgress ? [{ progress: 1, total: 2, message: `progress with Bearer ${MASK}` }] : []);
    expect(JSON.stringify([notifications, requests, progress])).not.toContain(SECRET);
  });

  it("a pooled session's messages follow the server's redaction as it is now, not as it was when the session opened", async () => {
    const { profile, notifications } = recordingProfile();
    const server = `relayed-pooled-${randomUUID()}`;
    const before = leaky.sessions();

    await callUpstream(request(profile, { server }));
    await callUpstream(request(profile, { server, redaction: { patterns: ["upstream"] } }));

    expect(leaky.sessions()).toBe(before + 1);
    expect(notifications.map((notification) => notification.params?.data)).toEqual([`upstream got credentials Bearer ${MASK}`, `${REDACTED} got credentials Bearer ${MASK}`]);
  });
});

/**
 * A careless 2025-11-25 MCP server (SDK 1.x, stateful streamable HTTP, event-stream answers) whose `leak` tool puts
 * the Authorization header it was sent into a log message, a question (elicitation) and, when asked for progress,
 * a progress message, then answers with it. `sessions`: how many sessions it has opened.
 */
async function startLeakyServer(): Promise<Peer & { sessions(): number }> {
  const serverForSession = () => {
    const server = new Server({ name: "leaky", version: "1.0.0" }, { capabilities: { tools: {}, logging: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "leak", inputSchema: { type: "object" as const } }] }));
    server.setRequestHandler(CallToolRequestSchema, async (call, extra) => {
      const credentials = String(extra.requestInfo?.headers.authorization);
      await extra.sendNotification({ method: "notifications/message", params: { level: "error", logger: "leaky", data: `upstream got credentials ${credentials}` } });
      const progressToken = call.params._meta?.progressToken;
      if (progressToken !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: 1, total: 2, message: `progress with ${credentials}` } });
      const elicitation = { mode: "form" as const, message: `elicit with ${credentials}`, requestedSchema: { type: "object" as const, properties: { answer: { type: "string" as const } } } };
      const answer = await extra.sendRequest({ method: "elicitation/create", params: elicitation }, ElicitResultSchema);
      return { content: [{ type: "text", text: `${JSON.stringify(answer)} with ${credentials}` }] };
    });
    return server;
  };
  return startStatefulSdkPeer(serverForSession);
}
