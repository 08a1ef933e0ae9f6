import type { IncomingMessage } from "node:http";

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Wraps a node:http response as a web `Response` whose body streams (SSE works), with backpressure. */
export function toWebResponse(res: IncomingMessage, url: URL, options: { redirected: boolean; isHead: boolean }): Response {
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

  const response = new Response(hasBody ? toWebStream(res) : null, { status, statusText: res.statusMessage, headers });
  Object.defineProperties(response, { url: { value: url.href }, redirected: { value: options.redirected } });
  return response;
}

function toWebStream(res: IncomingMessage): ReadableStream<Uint8Array> {
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
