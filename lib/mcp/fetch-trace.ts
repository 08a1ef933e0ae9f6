import { scrubThenCut } from "../resolve/scrub";
import { OutboundBlockedError } from "./outbound-policy";
import type { ResponseTooLargeError } from "./response-limit";
import type { FetchLike } from "./types";

export type HttpFailure = { status: number; statusText: string; detail: string; url: string; wwwAuthenticate: string | null };

/**
 * What went over the wire, for explaining a failure independent of how the SDK words its errors
 * (the SSE transport, for one, flattens the cause into a string).
 */
export type FetchTrace = {
  blocked?: OutboundBlockedError; httpFailure?: HttpFailure; networkError?: unknown; oversized?: ResponseTooLargeError;
  /** A message POST answered 2xx with something that is not JSON-RPC (an HTML page, other JSON). */
  notJsonRpc?: string;
};

const DETAIL_CHARS = 200;
const BODY_CAP_BYTES = 64 * 1024;
const BODY_WAIT_MS = 1_000;

/**
 * Wraps `fetchFn`, recording into `trace` the first refused address, the latest failing HTTP status (the body of a
 * failure is read, capped, and handed on re-wrapped: after a `server/discover` that failed, the `initialize` that
 * follows is the one that tells), the first network error and the first 2xx reply to a POST that is not JSON-RPC. `ignore` skips requests whose
 * failure means nothing (e.g. the optional GET stream of streamable HTTP). The failure's `detail` is the body with
 * `secrets` scrubbed, then cut (DESIGN §14): the body may echo what the request carried.
 */
export function traceFetch(fetchFn: FetchLike, trace: FetchTrace, options: { secrets: readonly string[]; ignore?: (method: string) => boolean }): FetchLike {
  const { secrets, ignore = () => false } = options;
  return async (url, init) => {
    const method = (init?.method ?? "GET").toUpperCase();
    try {
      const response = await fetchFn(url, init);
      if (ignore(method)) return response;
      if (response.status < 400) {
        trace.httpFailure = undefined; // a later success outranks an earlier failure (a refused discover, say)
        if (method === "POST" && response.status !== 202) trace.notJsonRpc ??= (await describeNonJsonRpc(response)) ?? undefined;
        return response;
      }

      const { text, complete } = await readCapped(response);
      const detail = scrubThenCut(text, secrets, DETAIL_CHARS, { endsCut: !complete, tidy: (scrubbed) => scrubbed.replace(/\s+/g, " ").trim() });
      trace.httpFailure = {
        status: response.status, statusText: response.statusText, detail, url: String(url),
        wwwAuthenticate: response.headers.get("www-authenticate"),
      };
      const copy = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
      Object.defineProperty(copy, "url", { value: response.url });
      return copy;
    } catch (error) {
      if (error instanceof OutboundBlockedError) trace.blocked ??= error;
      else if (!ignore(method) && !isAbort(error)) trace.networkError ??= error;
      throw error;
    }
  };
}

/** Why a 2xx reply to a message is not MCP, or null when it may be (an event stream, a JSON-RPC object or batch). */
async function describeNonJsonRpc(response: Response): Promise<string | null> {
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "text/event-stream") return null;
  if (type !== "application/json") return `answers ${type || "without a content type"}, not JSON-RPC`;
  let parsed: unknown;
  try {
    parsed = JSON.parse((await readCapped(response.clone())).text);
  } catch {
    return "answers malformed JSON, not JSON-RPC";
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const isJsonRpc = messages.length > 0 && messages.every((m) => typeof m === "object" && m !== null && (m as { jsonrpc?: unknown }).jsonrpc === "2.0");
  return isJsonRpc ? null : "answers JSON that is not JSON-RPC";
}

/** The body up to the cap; `complete` is false when it was cut there (or failed, or was slow) before its end. */
async function readCapped(response: Response): Promise<{ text: string; complete: boolean }> {
  if (!response.body) return { text: "", complete: true };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = false;
  let waitedTooLong = false;
  const stop = setTimeout(() => {
    waitedTooLong = true;
    void reader.cancel().catch(() => {});
  }, BODY_WAIT_MS);
  try {
    while (size < BODY_CAP_BYTES) {
      const { done, value } = await reader.read();
      if (done) {
        complete = !waitedTooLong; // a cancelled read ends as done too, but the body did not
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that fails half way still tells what it told so far.
  } finally {
    clearTimeout(stop);
    void reader.cancel().catch(() => {});
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), complete };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}
