import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { knownTextOf } from "./text-response";
import { appendVary } from "./vary-accept";

const gzip = promisify(zlib.gzip);
/** As Next's own compression (the `compression` package's defaults): bodies from 1 KiB, of compressible types. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/([\w.+-]*\+)?(json|xml|javascript)\b)/i;

/**
 * Writes a route handler's Response to Node's response, as Next would: every header (each Set-Cookie on its
 * own), gzip when the client accepts it (on the thread pool, not this thread), and an event stream passed
 * through chunk by chunk, with backpressure, until it ends or the client goes away.
 */
export async function answerToNode(answer: Response, request: IncomingMessage, response: ServerResponse, aborted: AbortSignal): Promise<void> {
  response.statusCode = answer.status;
  for (const [name, value] of answer.headers) if (name !== "set-cookie") response.setHeader(name, value);
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) response.setHeader("set-cookie", cookies);

  // Asking a TextResponse for its body makes the stream it saves: its text is taken first.
  const text = knownTextOf(answer);
  if (text === undefined && !answer.body) {
    response.end();
    return;
  }
  const type = answer.headers.get("content-type") ?? "";
  if (text === undefined && /^text\/event-stream\b/i.test(type)) return stream(answer.body!, response, aborted);

  let body: Uint8Array = text === undefined ? new Uint8Array(await answer.arrayBuffer()) : text.bytes;
  if (COMPRESSIBLE.test(type) && !/\bno-transform\b/i.test(answer.headers.get("cache-control") ?? "") && !answer.headers.has("content-encoding")) {
    appendVary(response, "Accept-Encoding");
    if (body.byteLength >= COMPRESS_FROM_BYTES && acceptsGzip(request)) {
      body = text === undefined ? await gzip(body) : await text.gzipped();
      response.setHeader("content-encoding", "gzip");
    }
  }
  response.setHeader("content-length", body.byteLength);
  response.end(body);
}

async function stream(body: ReadableStream<Uint8Array>, response: ServerResponse, aborted: AbortSignal): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  aborted.addEventListener("abort", cancel, { once: true });
  response.flushHeaders();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!response.write(value)) await once(response, "drain", { signal: aborted });
    }
    response.end();
  } catch {
    cancel();
    response.destroy();
  } finally {
    aborted.removeEventListener("abort", cancel);
  }
}

function acceptsGzip(request: IncomingMessage): boolean {
  const accepted = request.headers["accept-encoding"];
  return typeof accepted === "string" && /\bgzip\b(?!;q=0(\.0*)?\b)/i.test(accepted);
}
