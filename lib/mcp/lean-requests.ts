import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, specTypeSchemas, type JSONRPCMessage, type SpecTypes } from "@modelcontextprotocol/client";
import { setTimeout as wait } from "node:timers/promises";

import { createParser } from "eventsource-parser";

import { processSlot } from "../runtime/runtime";
import type { McpSession, StreamableHttpLink } from "./mcp-session";
import { takeChunkReader, type ChunkReader } from "./node-response";

/**
 * A pooled session's `tools/call`, `prompts/get` and `resources/read` as one POST of our own, read without the SDK
 * client's per-message machinery. Why: the SDK's requests spend CPU on zod parsing of every message, the SSE answer
 * through web-stream TransformStreams and the Protocol's bookkeeping. Sequential calls of server-everything's echo
 * on one session (bench/lean-tool-call-cpu.mts, a loaded 2-core machine): 540–770 µs of client CPU per call through
 * the SDK, 300–430 µs this way, most of which is node:http's own work. A prompts/get relayed by the gateway (one
 * client, a quiet machine) took 0.85–1.02 ms more than asking server-everything directly this way, 1.20–1.38 ms
 * through the SDK client.
 *
 * The request is the one the SDK would send on a legacy-era (2025) session — byte for byte apart from the id:
 * the config's headers, `mcp-session-id`, the negotiated `mcp-protocol-version`, `traceparent` (safe fetch adds
 * it) — through the session's own traced safe fetch, so keep-alive connections, the body and event caps and the
 * fetch trace (httpFailure, networkError, oversized) are those of the SDK's requests. The answer is one JSON-RPC
 * response (`application/json`) or the event with our id in a `text/event-stream`; the server's requests and
 * notifications before it (sampling, log messages…) are handed to the SDK client, which answers or relays them as always.
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
/** The requests sent this way: each answered by one result, none of them a list the SDK would page or cache. */
export type LeanMethod = "tools/call" | "prompts/get" | "resources/read";
/** Which request an answer is awaited for: its id, and its method for the errors. */
type Pending = { id: string; method: LeanMethod };
type JsonRpcAnswer = { id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };

// Strings, so they never meet the SDK's numeric ids on the same session (a server routes answers by id); one
// counter per process, as the pooled sessions are shared by every route bundle.
const ids = processSlot("gateway.leanCallIds", () => ({ last: 0 }));

/** `tools/call` on a connected legacy-era streamable HTTP session: the result, or the error the SDK's `callTool` would throw. */
export async function callToolLean(
  session: McpSession & { streamableHttp: StreamableHttpLink }, params: ToolCallParams, signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const result = await requestLean(session, "tools/call", params, signal);
  if (!isToolResult(result)) throw new ProtocolError(-32603, "tools/call answered with something that is not a tool result");
  return result;
}

/** The spec type of each result checked here; tools/call's is checked by the gateway as it answers (direct-answers.ts). */
const RESULT_TYPES = { "prompts/get": "GetPromptResult", "resources/read": "ReadResourceResult" } as const;
type CheckedMethod = keyof typeof RESULT_TYPES;

/**
 * `prompts/get` or `resources/read` on a connected legacy-era streamable HTTP session: the result as the SDK's
 * request returns it — checked against the method's result schema, its defaults filled in — or the error it throws.
 */
export async function requestCheckedLean<M extends CheckedMethod>(
  session: McpSession & { streamableHttp: StreamableHttpLink }, method: M, params: Record<string, unknown>, signal: AbortSignal,
): Promise<SpecTypes[(typeof RESULT_TYPES)[M]]> {
  const result = await requestLean(session, method, params, signal);
  const checked = specTypeSchemas[RESULT_TYPES[method]]["~standard"].validate(result);
  if (checked.issues) {
    throw new SdkError(SdkErrorCode.InvalidResult, `Invalid result for ${method}: ${checked.issues.map((issue) => issue.message).join("; ")}`, { method });
  }
  return checked.value as SpecTypes[(typeof RESULT_TYPES)[M]];
}

/**
 * One request on a connected legacy-era streamable HTTP session: the answer's `result` as the server wrote it (the
 * caller checks its shape), or the error the SDK's request would throw.
 */
async function requestLean(
  session: McpSession & { streamableHttp: StreamableHttpLink }, method: LeanMethod, params: Record<string, unknown>, signal: AbortSignal,
): Promise<unknown> {
  const { transport, url, fetch } = session.streamableHttp;
  const id = `patchbay-${++ids.last}`;
  const response = await fetch(url, {
    method: "POST", headers: requestHeaders(session.streamableHttp), signal,
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => null);
    if (response.status === 404 && transport.sessionId) throw new SessionExpiredError(transport.sessionId);
    throw new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${text}`, {
      status: response.status, statusText: response.statusText, text,
    });
  }

  const answer = await readAnswer(response, { id, method }, (message) => transport.onmessage?.(message), session.streamableHttp, signal);
  if (answer.error) throw ProtocolError.fromError(answer.error.code, answer.error.message, answer.error.data);
  return answer.result;
}

/**
 * A link's request headers, kept while its session id and protocol version stay what they were built with. Only a
 * cache, dropped with the link: a second copy of this module (another bundle) merely builds its own.
 */
const builtHeaders = new WeakMap<StreamableHttpLink, { sessionId: string | undefined; protocolVersion: string | undefined; headers: Headers }>();

/** The SDK transport's `_commonHeaders` plus what its `send` sets for a request; shared, not to be changed (safe fetch copies it). */
function requestHeaders(link: StreamableHttpLink): Headers {
  const { sessionId, protocolVersion } = link.transport;
  const built = builtHeaders.get(link);
  if (built && built.sessionId === sessionId && built.protocolVersion === protocolVersion) return built.headers;
  const headers = buildRequestHeaders(link);
  builtHeaders.set(link, { sessionId, protocolVersion, headers });
  return headers;
}

function buildRequestHeaders({ transport, headers: configured }: StreamableHttpLink): Headers {
  const headers = new Headers(configured);
  if (transport.sessionId) headers.set("mcp-session-id", transport.sessionId);
  if (transport.protocolVersion) headers.set("mcp-protocol-version", transport.protocolVersion);
  headers.set("content-type", "application/json");
  const accepted = [...(headers.get("accept")?.split(",").map((type) => type.trim().toLowerCase()) ?? []), "application/json", "text/event-stream"];
  headers.set("accept", [...new Set(accepted)].join(", "));
  return headers;
}

async function readAnswer(response: Response, pending: Pending, onServerMessage: (message: JSONRPCMessage) => void, link: StreamableHttpLink, signal: AbortSignal): Promise<JsonRpcAnswer> {
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") {
    const parsed: unknown = JSON.parse(await response.text());
    const answer = (Array.isArray(parsed) ? parsed : [parsed]).find((message) => isAnswerTo(message, pending.id));
    if (!answer) throw new ProtocolError(-32603, `the JSON answer holds no response to ${pending.method}`);
    return answer;
  }
  const body = type === "text/event-stream" ? takeChunkReader(response) : null;
  if (body) return readResumably(body, pending, onServerMessage, link, signal);
  await response.body?.cancel().catch(() => {});
  throw new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, `Unexpected content type: ${response.headers.get("content-type")}`, {
    contentType: response.headers.get("content-type"),
  });
}

/** At most this many reconnections for one answer, each after the server's `retry` (at most MAX_RETRY_MS). */
const MAX_RESUMPTIONS = 5;
const MAX_RETRY_MS = 5_000;

/**
 * The answer from an event stream that the server may close before it (SEP-1699 polling: it sent event ids and a
 * `retry`): the stream is taken up again with a GET carrying `Last-Event-ID`, as the SDK's transport does.
 */
async function readResumably(body: ChunkReader, pending: Pending, onServerMessage: (message: JSONRPCMessage) => void, link: StreamableHttpLink, signal: AbortSignal): Promise<JsonRpcAnswer> {
  let read = await readEventStream(body, pending.id, onServerMessage);
  for (let resumed = 0; "resumeFrom" in read; resumed++) {
    if (read.resumeFrom === undefined || resumed >= MAX_RESUMPTIONS) throw new Error(`the event stream ended before the answer to ${pending.method}`);
    await wait(Math.min(read.retryMs ?? 0, MAX_RETRY_MS), undefined, { signal });
    const headers = new Headers(requestHeaders(link));
    headers.set("accept", "text/event-stream");
    headers.set("last-event-id", read.resumeFrom);
    headers.delete("content-type");
    const response = await link.fetch(link.url, { method: "GET", headers, signal });
    const rest = response.ok ? takeChunkReader(response) : null;
    if (!rest) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`the event stream ended before the answer to ${pending.method}, and resuming it was answered ${response.status}`);
    }
    read = await readEventStream(rest, pending.id, onServerMessage);
  }
  return read.answer;
}

type StreamRead = { answer: JsonRpcAnswer } | { resumeFrom: string | undefined; retryMs: number | undefined };

/**
 * The answer with our id from one event stream (parsed by eventsource-parser, as the SDK's client does), or — the
 * stream ended before it — where to take it up again. The stream is read to its end, as the SDK does, even after
 * the answer came: cancelling it would drop the keep-alive connection under it. Size is bounded by safe fetch,
 * which errors the body past the per-event limit.
 */
function readEventStream(body: ChunkReader, id: string, onServerMessage: (message: JSONRPCMessage) => void): Promise<StreamRead> {
  return new Promise((resolve, reject) => {
    let answered = false;
    let lastEventId: string | undefined;
    let retryMs: number | undefined;
    const parser = createParser({
      onRetry: (interval) => (retryMs = interval),
      onEvent: ({ id: eventId, event, data }) => {
        if (eventId !== undefined) lastEventId = eventId;
        // An event without data (a server's priming event, SEP-1699) is no message; thrown and caught by JSON.parse
        // below it was the costliest part of reading an answer.
        if ((event !== undefined && event !== "message") || data === "") return;
        let message: unknown;
        try {
          message = JSON.parse(data);
        } catch {
          return; // the SDK reports such an event and reads on
        }
        if (!answered && isAnswerTo(message, id)) {
          answered = true;
          resolve({ answer: message });
        } else if (isFromServer(message)) {
          onServerMessage(message);
        }
      },
    });
    const decoder = new TextDecoder();
    body((chunk) => parser.feed(decoder.decode(chunk, { stream: true }))).then(
      () => {
        if (!answered) resolve({ resumeFrom: lastEventId, retryMs });
      },
      (error: unknown) => {
        if (!answered) reject(error);
      },
    );
  });
}

function isAnswerTo(message: unknown, id: string): message is JsonRpcAnswer {
  return typeof message === "object" && message !== null && (message as JsonRpcAnswer).id === id && ("result" in message || "error" in message);
}

/** A request or notification of the server's (a log message, a sampling request…), for the SDK client to handle. */
function isFromServer(message: unknown): message is JSONRPCMessage {
  return typeof message === "object" && message !== null && typeof (message as { method?: unknown }).method === "string";
}

/** What the SDK's schema would insist on before the pipeline reads it: an object whose `content`, if any, is a list of typed blocks. */
function isToolResult(result: unknown): result is Record<string, unknown> {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return false;
  const { content } = result as { content?: unknown };
  return content === undefined || (Array.isArray(content) && content.every((block) => typeof block === "object" && block !== null && typeof block.type === "string"));
}
