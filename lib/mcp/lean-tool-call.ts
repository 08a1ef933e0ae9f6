import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, type JSONRPCMessage } from "@modelcontextprotocol/client";
import { createParser } from "eventsource-parser";

import { processSlot } from "../runtime/runtime";
import type { McpSession, StreamableHttpLink } from "./mcp-session";

/**
 * A pooled session's `tools/call` as one POST of our own, read without the SDK client's per-message machinery.
 * Why: the SDK's `callTool` spends CPU on zod parsing of every message, the SSE answer through web-stream
 * TransformStreams and the Protocol's bookkeeping. Sequential calls of server-everything's echo on one session
 * (bench/lean-tool-call-cpu.mts, a loaded 2-core machine): 540–770 µs of client CPU per call through the SDK,
 * 300–430 µs this way, most of which is node:http's own work.
 *
 * The request is the one the SDK would send on a legacy-era (2025) session — byte for byte apart from the id:
 * the config's headers, `mcp-session-id`, the negotiated `mcp-protocol-version`, `traceparent` (safe fetch adds
 * it) — through the session's own traced safe fetch, so keep-alive connections, the body and event caps and the
 * fetch trace (httpFailure, networkError, oversized) are those of the SDK's requests. The answer is one JSON-RPC
 * response (`application/json`) or the event with our id in a `text/event-stream`; notifications before it are
 * skipped; a server-to-client request in the stream is handed to the SDK client, which answers it as always.
 *
 * Not done here (such sessions keep the SDK path): stdio, legacy SSE, sessions not yet connected, and the
 * 2026-07-28 era (its per-request `_meta` envelope and header mirroring). Nor does it resume a stream that
 * breaks before the answer (a transport failure), validate structured output (a pooled session never lists
 * tools, so the SDK never did either) or report progress.
 */
export function canCallLean(session: McpSession): session is McpSession & { streamableHttp: StreamableHttpLink } {
  return session.streamableHttp !== undefined && session.era() === "legacy";
}

/** The server no longer knows the session (404 to a request that named it): start a new one and try again. */
export class SessionExpiredError extends Error {
  override readonly name = "SessionExpiredError";

  constructor(readonly sessionId: string) {
    super(`the server no longer knows session ${sessionId} (HTTP 404)`);
  }
}

type ToolCallParams = { name: string; arguments: Record<string, unknown> };
type JsonRpcAnswer = { id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };

// Strings, so they never meet the SDK's numeric ids on the same session (a server routes answers by id); one
// counter per process, as the pooled sessions are shared by every route bundle.
const ids = processSlot("gateway.leanCallIds", () => ({ last: 0 }));

/** `tools/call` on a connected legacy-era streamable HTTP session: the result, or the error the SDK's `callTool` would throw. */
export async function callToolLean(
  session: McpSession & { streamableHttp: StreamableHttpLink }, params: ToolCallParams, signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const { transport, url, fetch } = session.streamableHttp;
  const id = `patchbay-${++ids.last}`;
  const response = await fetch(url, {
    method: "POST", headers: requestHeaders(session.streamableHttp), signal,
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => null);
    if (response.status === 404 && transport.sessionId) throw new SessionExpiredError(transport.sessionId);
    throw new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${text}`, {
      status: response.status, statusText: response.statusText, text,
    });
  }

  const answer = await readAnswer(response, id, (request) => transport.onmessage?.(request));
  if (answer.error) throw ProtocolError.fromError(answer.error.code, answer.error.message, answer.error.data);
  if (!isToolResult(answer.result)) throw new ProtocolError(-32603, "tools/call answered with something that is not a tool result");
  return answer.result;
}

/** The SDK transport's `_commonHeaders` plus what its `send` sets for a request. */
function requestHeaders({ transport, headers: configured }: StreamableHttpLink): Headers {
  const headers = new Headers(configured);
  if (transport.sessionId) headers.set("mcp-session-id", transport.sessionId);
  if (transport.protocolVersion) headers.set("mcp-protocol-version", transport.protocolVersion);
  headers.set("content-type", "application/json");
  const accepted = [...(headers.get("accept")?.split(",").map((type) => type.trim().toLowerCase()) ?? []), "application/json", "text/event-stream"];
  headers.set("accept", [...new Set(accepted)].join(", "));
  return headers;
}

async function readAnswer(response: Response, id: string, onServerRequest: (request: JSONRPCMessage) => void): Promise<JsonRpcAnswer> {
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") {
    const parsed: unknown = JSON.parse(await response.text());
    const answer = (Array.isArray(parsed) ? parsed : [parsed]).find((message) => isAnswerTo(message, id));
    if (!answer) throw new ProtocolError(-32603, "the JSON answer holds no response to tools/call");
    return answer;
  }
  if (type === "text/event-stream" && response.body) return readEventStream(response.body, id, onServerRequest);
  await response.body?.cancel().catch(() => {});
  throw new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, `Unexpected content type: ${response.headers.get("content-type")}`, {
    contentType: response.headers.get("content-type"),
  });
}

/**
 * The answer with our id from an event stream (parsed by eventsource-parser, as the SDK's client does). The stream
 * is read to its end, as the SDK does, even after the answer came: cancelling it would drop the keep-alive
 * connection under it. Size is bounded by safe fetch, which errors the body past the per-event limit.
 */
function readEventStream(body: ReadableStream<Uint8Array>, id: string, onServerRequest: (request: JSONRPCMessage) => void): Promise<JsonRpcAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const parser = createParser({
      onEvent: ({ event, data }) => {
        if (event !== undefined && event !== "message") return;
        let message: unknown;
        try {
          message = JSON.parse(data);
        } catch {
          return; // the SDK reports such an event and reads on
        }
        if (!answered && isAnswerTo(message, id)) {
          answered = true;
          resolve(message);
        } else if (isRequest(message)) {
          onServerRequest(message);
        }
      },
    });
    const read = async () => {
      const decoder = new TextDecoder();
      for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
      if (!answered) reject(new Error("the event stream ended before the answer to tools/call"));
    };
    read().catch((error: unknown) => {
      if (!answered) reject(error);
    });
  });
}

function isAnswerTo(message: unknown, id: string): message is JsonRpcAnswer {
  return typeof message === "object" && message !== null && (message as JsonRpcAnswer).id === id && ("result" in message || "error" in message);
}

function isRequest(message: unknown): message is JSONRPCMessage {
  return typeof message === "object" && message !== null && "method" in message && "id" in message;
}

/** What the SDK's schema would insist on before the pipeline reads it: an object whose `content`, if any, is a list of typed blocks. */
function isToolResult(result: unknown): result is Record<string, unknown> {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return false;
  const { content } = result as { content?: unknown };
  return content === undefined || (Array.isArray(content) && content.every((block) => typeof block === "object" && block !== null && typeof block.type === "string"));
}
