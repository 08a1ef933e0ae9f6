import type { IncomingMessage, ServerResponse } from "node:http";

import { getConfig } from "../env";
import { findProcessSlot, processSlot } from "../runtime/runtime";
import { isApiPath, isSeedPath, seedPathApiTarget } from "./api-paths";
import type { Dispatch } from "./dispatcher";
import { withHeldBody } from "./held-body";
import { answerToNode } from "./node-answer";
import { toProblemResponse } from "./problem";
import { SEED_PATH_MARKER } from "./seed-path-marker";

/** What lib/cli/serve.mjs finds in the runtime's `http.nodeMount` slot: `serve` answers an API request and says true, or leaves it to Next. */
export type NodeMount = { serve: (request: IncomingMessage, response: ServerResponse) => boolean };
/** A body declared this small is read before the handler runs (one Buffer); larger or undeclared ones stream. */
const PREREAD_BYTES = 1024 * 1024;

/**
 * The production server's mount of the API's dispatcher (DESIGN §15): the API's paths (lib/http/api-paths.ts)
 * and seed paths asked for as JSON go straight to the dispatcher, everything else to Next. Next's router costs
 * every request about what all of `/api/healthz` costs; the dispatcher is the same one Next's catch-all routes
 * mount, so the two answer alike (e2e/api/mount-parity.test.ts). With tracing on, or PATCHBAY_API_MOUNT=next,
 * every request goes through Next, whose spans a trace starts with.
 */
export function installNodeMount(dispatch: Dispatch): void {
  processSlot("http.dispatch", () => dispatch);
  const throughNext = getConfig().PATCHBAY_API_MOUNT === "next" || Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!throughNext) processSlot("http.nodeMount", () => nodeMountFor(dispatch));
}

/** The API's dispatcher, for answering in process what a page would have fetched (lib/page-data); once booted. */
export function findDispatch(): Dispatch | undefined {
  return findProcessSlot<Dispatch>("http.dispatch");
}

export function nodeMountFor(dispatch: Dispatch): NodeMount {
  return { serve: (request, response) => serve(dispatch, request, response) };
}

function serve(dispatch: Dispatch, request: IncomingMessage, response: ServerResponse): boolean {
  const origin = `${isHttps(request) ? "https" : "http"}://${request.headers.host ?? "localhost"}`;
  if (!URL.canParse(request.url ?? "", origin)) return false;
  const url = new URL(request.url ?? "", origin);
  if (isSeedPath(url.pathname)) request.headers[SEED_PATH_MARKER] = "1";
  const target = isApiPath(url.pathname) ? `${url.pathname}${url.search}` : seedPathApiTarget(url.pathname, url.search, headersOf(request));
  if (!target) return false;
  void answer(dispatch, `${origin}${target}`, request, response);
  return true;
}

function headersOf(request: IncomingMessage): { get(name: string): string | null; has(name: string): boolean } {
  return {
    get: (name) => {
      const value = request.headers[name];
      return value === undefined ? null : String(value);
    },
    has: (name) => request.headers[name] !== undefined,
  };
}

async function answer(dispatch: Dispatch, href: string, request: IncomingMessage, response: ServerResponse) {
  const aborted = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) aborted.abort();
  });
  try {
    const webRequest = await toWebRequest(request, href, aborted.signal);
    await answerToNode(await dispatch(webRequest), request, response, aborted.signal);
  } catch (error) {
    // Handlers answer their own errors as problem+json (lib/http/route.ts): this is the client leaving, or a bug.
    if (aborted.signal.aborted || response.headersSent) {
      if (!aborted.signal.aborted) console.error("Unexpected error:", error);
      return void response.destroy();
    }
    response.removeHeader("content-encoding");
    await answerToNode(toProblemResponse(error), request, response, aborted.signal).catch(() => response.destroy());
  } finally {
    if (!request.complete) discardRest(request);
  }
}

function isHttps(request: IncomingMessage): boolean {
  const forwarded = request.headers["x-forwarded-proto"];
  return forwarded ? forwarded === "https" : "encrypted" in request.socket && Boolean(request.socket.encrypted);
}

async function toWebRequest(request: IncomingMessage, href: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // As Next's server fills them in (base-server.ts), so handlers read the same request either way.
  if (!headers.has("x-forwarded-host") && request.headers.host) headers.set("x-forwarded-host", request.headers.host);
  if (!headers.has("x-forwarded-port") && request.socket.localPort) headers.set("x-forwarded-port", String(request.socket.localPort));
  if (!headers.has("x-forwarded-proto")) headers.set("x-forwarded-proto", isHttps(request) ? "https" : "http");
  if (!headers.has("x-forwarded-for") && request.socket.remoteAddress) headers.set("x-forwarded-for", request.socket.remoteAddress);

  const method = request.method ?? "GET";
  if (method === "GET" || method === "HEAD") return new NodeRequest(href, method, headers, signal);
  return new NodeRequest(href, method, headers, signal, await bodyOf(request));
}

/**
 * A web Request whose `signal` is the connection's own, whose headers are the ones built from the node request,
 * and whose small body, read before the handler runs, is held as that Buffer (lib/http/held-body.ts: the body
 * reader takes it without a stream). Handing the signal to Request's constructor makes it follow that signal with
 * one of its own (listeners, a weak reference, a finalizer), and handing it the headers copies them into a second
 * list: each as costly as much of the rest of the conversion, for what the getters give as well.
 */
class NodeRequest extends withHeldBody<Buffer, typeof Request>(Request, (bytes) => new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)) {
  readonly #signal: AbortSignal;

  readonly #headers: Headers;

  readonly #body: Buffer | ReadableStream<Uint8Array> | null;

  constructor(href: string, method: string, headers: Headers, signal: AbortSignal, body: Buffer | ReadableStream<Uint8Array> | null = null) {
    super(href, body instanceof ReadableStream ? ({ method, headers, body, duplex: "half" } as RequestInit) : { method });
    this.#signal = signal;
    this.#headers = body instanceof ReadableStream ? super.headers : headers;
    this.#body = body;
    if (Buffer.isBuffer(body)) this.hold(body);
  }

  override clone(): Request {
    if (!Buffer.isBuffer(this.#body)) return super.clone();
    if (this.bodyUsed) throw new TypeError("Request.clone: Body has already been consumed."); // as for any Request
    return new NodeRequest(this.url, this.method, new Headers(this.#headers), this.#signal, this.#body);
  }

  override get headers(): Headers {
    return this.#headers;
  }

  override get signal(): AbortSignal {
    return this.#signal;
  }
}

/** A small declared body as one Buffer; anything else as a stream, which the handler's size limit reads and cuts off. */
async function bodyOf(request: IncomingMessage): Promise<Buffer | ReadableStream<Uint8Array> | null> {
  const declared = Number(request.headers["content-length"]);
  if (request.headers["transfer-encoding"] === undefined && !(declared > 0)) return null;
  if (!(declared > 0 && declared <= PREREAD_BYTES)) return streamOf(request);
  return readWhole(request);
}

/** The whole of a small body, from the stream's events (its async iterator costs more than the read itself). */
function readWhole(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("end", () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    request.once("error", reject);
    request.once("close", () => {
      if (!request.complete) reject(new Error("the client went away before its request body ended"));
    });
  });
}

/**
 * The request body as a web stream, read as the handler pulls. What it leaves unread (a body refused as too
 * large) is discarded once the answer is out (`discardRest`), as Node does for a body nobody reads, so the
 * connection stays usable.
 */
function streamOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.pause();
        request.on("data", (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        request.once("end", () => controller.close());
        request.once("error", (error) => controller.error(error));
      },
      pull() {
        request.resume();
      },
      cancel: () => discardRest(request),
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

function discardRest(request: IncomingMessage): void {
  request.removeAllListeners("data");
  request.resume();
}
