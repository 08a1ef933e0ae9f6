import { isCallToolResult, ProtocolError, ProtocolErrorCode, SUPPORTED_PROTOCOL_VERSIONS, type Notification } from "@modelcontextprotocol/server";

import { EncodedText } from "../../http/encoded-text";
import { textResponse } from "../../http/text-response";
import { advertisedToolsUtf8, loadTargetTools } from "../target-tools";
import { forwardable, type GatewayPost } from "./gateway-body";
import { callGatewayTool } from "./gateway-server";
import type { GatewaySession } from "./gateway-sessions";
import { relayingTo, relaysRequests } from "./relay";
import { isConnectAsk, isUpstreamAsk } from "./upstream-ask";

/** Answers larger than this go out as a stream of their parts (see jsonRpcAnswer). */
const STREAMED_FROM_BYTES = 64 * 1024;
const RESULT_OPEN = Buffer.from('{"result":');
const TOOLS_OPEN = Buffer.from('{"tools":');
const OBJECT_CLOSE = Buffer.from("}");

/** What to do with a POST to an open session: an answer already made, or the message for the session's transport. */
export type Peeked = { answer: Response } | { forward: Request; parsedBody?: unknown };

type JsonRpcId = string | number;
type ToolCallParams = { name: string; arguments?: Record<string, unknown> };

/**
 * The two requests runners repeat, answered without the SDK server's per-message work (DESIGN §12; measured: the
 * transport's web streams and zod parsing of every message were a large part of a gateway call's CPU):
 * - `tools/list` from the list serialized once per change: 50 servers × 20 tools is some 1,000 entries the SDK
 *   would serialize on every call;
 * - `tools/call` through the same function as the session server's handler, its result checked against the same
 *   schema the SDK checks it with, and its errors sent as the SDK sends them — for a client that declared nothing an
 *   upstream could ask of it (sampling, elicitation, roots); the log messages an upstream sends while serving the
 *   call go out before the answer, in one event stream.
 * Only a lone, plainly well-formed request that the transport itself would accept (Accept, Content-Type, protocol
 * version) is answered here; anything else goes to the transport, with the body (read once, bounded, by
 * readGatewayPost) already parsed.
 * A `notifications/cancelled` for a call answered here aborts it (and still reaches the transport).
 */
export async function answerDirectly(session: GatewaySession, request: Request, post: GatewayPost | undefined): Promise<Peeked> {
  if (!post?.parsed || !isAcceptedByTransport(request.headers)) return forwardable(request, post);

  const { message } = post;
  if (isRequest(message, "tools/list") && hasOnlyKeys(message.params, [])) return { answer: jsonRpcAnswer(session, message.id, await listTools(session)) };
  if (isRequest(message, "tools/call") && isToolCallParams(message.params) && !relaysRequests(session.server.getClientCapabilities() ?? {})) {
    return { answer: await callTool(session, message.id, message.params, request.signal) };
  }
  if (isCancellation(message)) session.callsInFlight.get(message.params.requestId)?.abort();
  return forwardable(request, post);
}

async function listTools(session: GatewaySession): Promise<{ result: Uint8Array[] }> {
  const { tools, revision } = await loadTargetTools(session.target, session.environment);
  session.revision = revision;
  return { result: [TOOLS_OPEN, advertisedToolsUtf8(tools), OBJECT_CLOSE] };
}

async function callTool(session: GatewaySession, id: JsonRpcId, params: ToolCallParams, signal: AbortSignal): Promise<Response> {
  const aborter = new AbortController();
  const abort = () => aborter.abort();
  signal.addEventListener("abort", abort, { once: true });
  session.callsInFlight.set(id, aborter);
  const notifications: Notification[] = [];
  const relay = { capabilities: {}, request: () => Promise.reject(new ProtocolError(ProtocolErrorCode.MethodNotFound, "Method not found")), notify: async (notification: Notification) => void notifications.push(notification) };
  try {
    const answer = await relayingTo(relay, () => callGatewayTool(session.calls, params, aborter.signal, { profile: session.profiles().calls }));
    // This client declared no elicitation: a per_user server it has not connected to answers the tool error naming the page.
    const result = isConnectAsk(answer) ? answer.result : answer;
    // A 2026-07-28 upstream asked for input, but this client declared nothing it could be asked.
    if (isUpstreamAsk(result)) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "The MCP server asked for input (sampling, elicitation or roots) that this client did not declare it can give.");
    if (!isCallToolResult(result)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid tools/call result");
    return jsonRpcAnswer(session, id, { result: [Buffer.from(JSON.stringify(result))] }, notifications);
  } catch (error) {
    return jsonRpcAnswer(session, id, { error: error as ProtocolError }, notifications);
  } finally {
    signal.removeEventListener("abort", abort);
    if (session.callsInFlight.get(id) === aborter) session.callsInFlight.delete(id);
  }
}

/**
 * The transport's own answer to one request, byte for byte: `{result, jsonrpc, id}` or `{jsonrpc, id, error}`. A
 * result comes as UTF-8 parts; a large one goes out as a stream of them, so a list encoded once is written as it
 * is, not encoded again per answer nor joined and copied into one body (each was a large part of a big list's
 * CPU); a small one is joined and held as its bytes (lib/http/text-response.ts), which costs less than a stream.
 */
function jsonRpcAnswer(session: GatewaySession, id: JsonRpcId, outcome: { result: Uint8Array[] } | { error: ProtocolError }, before: Notification[] = []): Response {
  const headers = { "Content-Type": "application/json", "mcp-session-id": session.transport.sessionId! };
  if (before.length > 0) return eventStreamAnswer(session, id, outcome, before);
  if ("error" in outcome) return textResponse(JSON.stringify(errorAnswer(id, outcome.error)), { status: 200, headers });
  const parts = [RESULT_OPEN, ...outcome.result, Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`)];
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  if (length <= STREAMED_FROM_BYTES) return textResponse(new EncodedText(Buffer.concat(parts, length)), { status: 200, headers });
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

/** Notifications an upstream sent while serving the request, then the answer: one event stream, as the SDK writes it. */
function eventStreamAnswer(session: GatewaySession, id: JsonRpcId, outcome: { result: Uint8Array[] } | { error: ProtocolError }, before: Notification[]): Response {
  const answer = "error" in outcome ? errorAnswer(id, outcome.error) : { result: JSON.parse(Buffer.concat(outcome.result).toString("utf8")), jsonrpc: "2.0", id };
  const events = [...before.map((notification) => ({ jsonrpc: "2.0", ...notification })), answer].map((message) => `event: message\ndata: ${JSON.stringify(message)}\n\n`);
  return textResponse(events.join(""), { status: 200, headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", "mcp-session-id": session.transport.sessionId! } });
}

function errorAnswer(id: JsonRpcId, error: ProtocolError) {
  const { code, message, data } = error;
  return { jsonrpc: "2.0", id, error: { code, message, ...(data !== undefined ? { data } : {}) } };
}

/** The checks the streamable HTTP transport makes of a POST before reading it. */
function isAcceptedByTransport(headers: Headers): boolean {
  const accept = headers.get("accept") ?? "";
  const contentType = headers.get("content-type") ?? "";
  const version = headers.get("mcp-protocol-version");
  return accept.includes("application/json") && accept.includes("text/event-stream")
    && /^application\/json\s*(;|$)/i.test(contentType)
    && (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version));
}

function isRequest(message: unknown, method: string): message is { id: JsonRpcId; params?: Record<string, unknown> } {
  if (!isPlainObject(message)) return false;
  const { jsonrpc, id, params } = message;
  return jsonrpc === "2.0" && message.method === method && isId(id) && (params === undefined || isPlainObject(params));
}

/** `{name, arguments?}` and nothing else: `_meta` (progress), `task` and malformed params are the SDK's to answer. */
function isToolCallParams(params: Record<string, unknown> | undefined): params is ToolCallParams {
  return params !== undefined && typeof params.name === "string" && (params.arguments === undefined || isPlainObject(params.arguments))
    && hasOnlyKeys(params, ["name", "arguments"]);
}

function isCancellation(message: unknown): message is { params: { requestId: JsonRpcId } } {
  return isPlainObject(message) && message.method === "notifications/cancelled" && isPlainObject(message.params) && isId(message.params.requestId);
}

function hasOnlyKeys(value: Record<string, unknown> | undefined, keys: string[]): boolean {
  return value === undefined || Object.keys(value).every((key) => keys.includes(key));
}

function isId(id: unknown): id is JsonRpcId {
  return typeof id === "string" || (typeof id === "number" && Number.isInteger(id));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
