import type { IncomingMessage } from "node:http";

import { NodeBody, type BodyLimit } from "./node-body";

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Wraps a node:http response as a web `Response` whose body streams (SSE works), with backpressure and the caps
 * of NodeBody (a body past them errors, and the socket is dropped).
 */
export function toWebResponse(res: IncomingMessage, url: URL, options: { redirected: boolean; isHead: boolean } & BodyLimit): Response {
  const status = res.statusCode ?? 0;
  const response = new NodeResponse(null, { status, statusText: res.statusMessage });
  const { headers } = response; // filled in place: a Headers of our own would be copied into it
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
    } catch {
      // A header value `Headers` refuses (e.g. non-Latin-1) is dropped rather than failing the response.
    }
  }

  const hasBody = !NULL_BODY_STATUSES.has(status) && !options.isHead;
  if (!hasBody) res.resume();
  const isEventStream = (headers.get("content-type") ?? "").toLowerCase().startsWith("text/event-stream");
  if (hasBody) response.holdBody(new NodeBody(res, { ...options, isEventStream, what: url.origin }));
  Object.defineProperties(response, { url: { value: url.href }, redirected: { value: options.redirected } });
  return response;
}

/** Reads a body chunk by chunk; resolves at its end, rejects as reading it would (too large, closed early…). */
export type ChunkReader = (onChunk: (chunk: Uint8Array) => void) => Promise<void>;

/** Where a NodeResponse hands out its node body: a registered symbol, so every bundle of lib finds it. */
const TAKE_NODE_BODY = Symbol.for("patchbay.takeNodeBody");

/**
 * A fetched response's body for one reader that takes every chunk as it comes: straight from node's message when
 * safe fetch made the response and nobody has read it the web way (no web stream, no async iteration: the lean
 * tools/call reads every answer), else through its web stream. Null without a body. Either way the chunks, the
 * errors and the end are the same; after this, the response's body counts as read.
 */
export function takeChunkReader(response: Response): ChunkReader | null {
  const nodeBody = (response as Response & { [TAKE_NODE_BODY]?: () => NodeBody | undefined })[TAKE_NODE_BODY]?.();
  if (nodeBody) return (onChunk) => readDirectly(nodeBody, onChunk);
  const body = response.body;
  if (!body) return null;
  return async (onChunk) => {
    for await (const chunk of body) onChunk(chunk);
  };
}

function readDirectly(body: NodeBody, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    body.pipe({
      chunk: (chunk) => {
        try {
          onChunk(chunk);
          return true;
        } catch (error) {
          // As a `for await` over the web stream would: the reader's error ends the read, the body is cancelled.
          body.cancel();
          reject(error);
          return false;
        }
      },
      end: resolve,
      fail: reject,
    });
  });
}

/**
 * A Response whose body is a NodeBody, made into a web stream only when someone reads it the web way (`body`,
 * `text()`, `clone()`…): on Node a ReadableStream and a Response built with one cost more than the rest of
 * handling a small answer. The lean tools/call takes the NodeBody itself (takeChunkReader).
 */
class NodeResponse extends Response {
  #nodeBody: NodeBody | undefined;
  /** Carries the body's web stream, once made. */
  #web: Response | undefined;
  #isTaken = false;

  /** Built with a null body, it gets its NodeBody here (once, before anyone reads it). */
  holdBody(body: NodeBody): void {
    this.#nodeBody = body;
  }

  [TAKE_NODE_BODY](): NodeBody | undefined {
    const body = this.#nodeBody;
    this.#nodeBody = undefined;
    if (body) this.#isTaken = true;
    return body;
  }

  /** The body as a web Response, made once (a read one after the node body was taken); null without a body (the base class answers then). */
  #webBody(): Response | null {
    if (this.#nodeBody) {
      // With this one's headers: blob() takes its type from them, formData() its format.
      this.#web = new Response(toWebStream(this.#nodeBody), { headers: this.headers });
      this.#nodeBody = undefined;
    } else if (this.#isTaken) {
      this.#web ??= readResponse();
    }
    return this.#web ?? null;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    const web = this.#webBody();
    return web ? web.body : super.body;
  }

  override get bodyUsed(): boolean {
    return this.#isTaken || (this.#web?.bodyUsed ?? super.bodyUsed);
  }

  override text(): Promise<string> {
    return this.#webBody()?.text() ?? super.text();
  }

  override json(): Promise<unknown> {
    return this.#webBody()?.json() ?? super.json();
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#webBody()?.arrayBuffer() ?? super.arrayBuffer();
  }

  override blob(): Promise<Blob> {
    return this.#webBody()?.blob() ?? super.blob();
  }

  override formData(): Promise<FormData> {
    return this.#webBody()?.formData() ?? super.formData();
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#webBody()?.bytes() ?? super.bytes();
  }

  /** As Response's: a copy reading the same body (the stream is teed), with this one's status and headers. */
  override clone(): Response {
    const web = this.#webBody();
    if (!web) return super.clone();
    return new Response(web.clone().body, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/** A body already read: what a NodeResponse whose node body was taken shows anyone reading it after. */
function readResponse(): Response {
  const response = new Response(new ReadableStream());
  void response.body!.getReader().read();
  return response;
}

function toWebStream(body: NodeBody): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      body.pipe({
        chunk: (chunk) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          return (controller.desiredSize ?? 1) > 0;
        },
        end: () => controller.close(),
        fail: (error) => controller.error(error),
      });
    },
    pull() {
      body.resume();
    },
    cancel() {
      body.cancel();
    },
  }, { highWaterMark: 16 });
}
