import { OutboundBlockedError } from "./outbound-policy";
import type { ResponseTooLargeError } from "./response-limit";
import type { FetchLike } from "./types";

export type HttpFailure = { status: number; statusText: string; detail: string };

/**
 * What went over the wire, for explaining a failure independent of how the SDK words its errors
 * (the SSE transport, for one, flattens the cause into a string).
 */
export type FetchTrace = {
  blocked?: OutboundBlockedError; httpFailure?: HttpFailure; networkError?: unknown; oversized?: ResponseTooLargeError;
};

const DETAIL_CHARS = 200;
const BODY_CAP_BYTES = 64 * 1024;
const BODY_WAIT_MS = 1_000;

/**
 * Wraps `fetchFn`, recording into `trace` the first refused address, the first failing HTTP status (the body of a
 * failure is read, capped, and handed on re-wrapped) and the first network error. `ignore` skips requests whose
 * failure means nothing (e.g. the optional GET stream of streamable HTTP).
 */
export function traceFetch(fetchFn: FetchLike, trace: FetchTrace, ignore: (method: string) => boolean = () => false): FetchLike {
  return async (url, init) => {
    const method = (init?.method ?? "GET").toUpperCase();
    try {
      const response = await fetchFn(url, init);
      if (response.status < 400 || ignore(method)) return response;

      const text = await readCapped(response);
      const detail = text.replace(/\s+/g, " ").trim().slice(0, DETAIL_CHARS);
      trace.httpFailure ??= { status: response.status, statusText: response.statusText, detail };
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

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stop = setTimeout(() => void reader.cancel().catch(() => {}), BODY_WAIT_MS);
  try {
    while (size < BODY_CAP_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that fails half way still tells what it told so far.
  } finally {
    clearTimeout(stop);
    void reader.cancel().catch(() => {});
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}
