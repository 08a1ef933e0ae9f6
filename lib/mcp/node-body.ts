import type { IncomingMessage } from "node:http";

import { ResponseTooLargeError } from "./response-limit";

export type BodyLimit = { maxBytes: number; onOversized?: (error: ResponseTooLargeError) => void };

/** Where a body's chunks go: `chunk` answers whether it wants more now (false pauses the message until `resume()`). */
export type BodySink = { chunk(chunk: Buffer): boolean; end(): void; fail(error: unknown): void };

/** As many chunks as a web stream of the body holds before the message pauses (its highWaterMark). */
const HIGH_WATER_CHUNKS = 16;

/**
 * A node:http response's body, read from the moment the response arrives (so a small body ends and frees its
 * keep-alive socket even if nobody reads it) and handed to one sink: a web stream (toWebResponse) or a reader that
 * takes the chunks as they come (the lean tools/call). It errors with ResponseTooLargeError past `maxBytes` in all —
 * or, for `text/event-stream`, past `maxBytes` within one event — and drops the socket, so no reader can buffer an
 * upstream without bound; a connection closed before the end is an error too. Until the sink comes, chunks wait
 * here (the message pauses at 16); an error drops them, as a web stream's error drops what it queued.
 */
export class NodeBody {
  readonly #res: IncomingMessage;
  #queue: Buffer[] = [];
  #sink: BodySink | undefined;
  /** How the body settled before the sink came. */
  #outcome: { error: unknown } | "ended" | undefined;
  #isSettled = false;
  #isCancelled = false;

  constructor(res: IncomingMessage, options: BodyLimit & { isEventStream: boolean; what: string }) {
    this.#res = res;
    const count = createCounter(options);
    res.on("data", (chunk: Buffer) => {
      if (this.#isSettled) return;
      const oversized = count(chunk);
      if (oversized) {
        this.#settle({ error: oversized });
        res.destroy();
        return;
      }
      if (this.#sink) {
        if (!this.#sink.chunk(chunk)) res.pause();
        return;
      }
      this.#queue.push(chunk);
      if (this.#queue.length >= HIGH_WATER_CHUNKS) res.pause();
    });
    res.once("end", () => this.#settle("ended"));
    res.on("error", (error) => this.#settle({ error }));
    res.once("close", () => {
      if (!res.complete) this.#settle({ error: new Error("connection closed before the response ended") });
    });
  }

  /** Hands the body to `sink`: what arrived so far at once, the rest as it comes. Once only. */
  pipe(sink: BodySink): void {
    if (this.#sink) throw new TypeError("the body is already being read");
    const queued = this.#queue;
    this.#queue = [];
    this.#sink = sink;
    const outcome = this.#outcome;
    if (outcome !== undefined && outcome !== "ended") return sink.fail(outcome.error);

    let wantsMore = true;
    for (const chunk of queued) {
      if (this.#isCancelled) return; // the sink gave up on an earlier chunk
      wantsMore = sink.chunk(chunk);
    }
    if (this.#isCancelled) return;
    if (outcome === "ended") return sink.end();
    if (wantsMore) this.resume();
  }

  /** The sink wants more after saying it did not. */
  resume(): void {
    if (!this.#isSettled && this.#res.isPaused()) this.#res.resume();
  }

  /** Nobody will read on: the socket is dropped (it cannot be reused with a body left unread). */
  cancel(): void {
    this.#isSettled = true;
    this.#isCancelled = true;
    this.#queue = [];
    this.#res.destroy();
  }

  #settle(outcome: { error: unknown } | "ended"): void {
    if (this.#isSettled) return;
    this.#isSettled = true;
    if (!this.#sink) {
      this.#outcome = outcome;
      if (outcome !== "ended") this.#queue = [];
      return;
    }
    if (outcome === "ended") this.#sink.end();
    else this.#sink.fail(outcome.error);
  }
}

type Counter = (chunk: Buffer) => ResponseTooLargeError | null;

/** Bytes of the whole body, or of the current event (since the last blank line) for an event stream. */
function createCounter(options: BodyLimit & { isEventStream: boolean; what: string }): Counter {
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
