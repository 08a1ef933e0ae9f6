import type { IncomingMessage } from "node:http";

import { ResponseTooLargeError } from "./response-limit";

type Limit = { maxBytes: number; onOversized?: (error: ResponseTooLargeError) => void };

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Wraps a node:http response as a web `Response` whose body streams (SSE works), with backpressure. The body
 * errors with ResponseTooLargeError (and the socket is dropped) past `maxBytes` in all — or, for
 * `text/event-stream`, past `maxBytes` within one event — so no reader can buffer an upstream without bound.
 */
export function toWebResponse(res: IncomingMessage, url: URL, options: { redirected: boolean; isHead: boolean } & Limit): Response {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
    } catch {
      // A header value `Headers` refuses (e.g. non-Latin-1) is dropped rather than failing the response.
    }
  }

  const status = res.statusCode ?? 0;
  const hasBody = !NULL_BODY_STATUSES.has(status) && !options.isHead;
  if (!hasBody) res.resume();

  const isEventStream = (headers.get("content-type") ?? "").toLowerCase().startsWith("text/event-stream");
  const counter = createCounter({ ...options, isEventStream, what: url.origin });
  const response = new Response(hasBody ? toWebStream(res, counter) : null, { status, statusText: res.statusMessage, headers });
  Object.defineProperties(response, { url: { value: url.href }, redirected: { value: options.redirected } });
  return response;
}

type Counter = (chunk: Buffer) => ResponseTooLargeError | null;

/** Bytes of the whole body, or of the current event (since the last blank line) for an event stream. */
function createCounter(options: Limit & { isEventStream: boolean; what: string }): Counter {
  let count = 0;
  let lastByte = 0;
  const tooLarge = (size: number) => {
    if (size <= options.maxBytes) return null;
    const error = new ResponseTooLargeError(options.maxBytes, options.what);
    options.onOversized?.(error);
    return error;
  };
  return (chunk) => {
    if (chunk.length === 0) return null;
    if (!options.isEventStream) return tooLarge((count += chunk.length));

    // An event ends at a blank line; what precedes the chunk's first boundary still belongs to the current event.
    const startsBlank = lastByte === 10 && (chunk[0] === 10 || (chunk[0] === 13 && chunk[1] === 10)) ? 0 : -1;
    const firsts = [startsBlank, chunk.indexOf("\n\n"), chunk.indexOf("\n\r\n")].filter((index) => index >= 0);
    const last = Math.max(startsBlank, chunk.lastIndexOf("\n\n"), chunk.lastIndexOf("\n\r\n"));
    lastByte = chunk[chunk.length - 1];
    const current = tooLarge(count + (firsts.length > 0 ? Math.min(...firsts) : chunk.length));
    if (current) return current;
    count = last >= 0 ? chunk.length - last : count + chunk.length;
    return null;
  };
}

function toWebStream(res: IncomingMessage, count: Counter): ReadableStream<Uint8Array> {
  let isSettled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const settle = (finish: () => void) => {
        if (isSettled) return;
        isSettled = true;
        finish();
      };
      res.on("data", (chunk: Buffer) => {
        if (isSettled) return;
        const oversized = count(chunk);
        if (oversized) {
          settle(() => controller.error(oversized));
          res.destroy();
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) res.pause();
      });
      res.once("end", () => settle(() => controller.close()));
      res.on("error", (error) => settle(() => controller.error(error)));
      res.once("close", () => {
        if (!res.complete) settle(() => controller.error(new Error("connection closed before the response ended")));
      });
    },
    pull() {
      res.resume();
    },
    cancel() {
      isSettled = true;
      res.destroy();
    },
  }, { highWaterMark: 16 });
}
