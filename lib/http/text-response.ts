import { EncodedText } from "./encoded-text";

/** Where a TextResponse shows its text: a registered symbol, so every bundle of lib (Next gives each its own copy) finds it. */
const TEXT = Symbol.for("patchbay.responseText");

/**
 * A Response whose body is a string, kept as that string until someone reads the body. Building a web
 * Response from a string makes a ReadableStream at once, which on Node costs about as much as the rest of a warm
 * read; the production mount (lib/http/node-answer.ts) writes the string's bytes (or gzip) and never needs it. Anyone
 * else — Next's mount, a test, a copy — reads it as usual: `body`, `text()`, `json()`… make the stream then.
 */
class TextResponse extends Response {
  readonly #text: EncodedText;
  #read: Response | undefined;

  constructor(text: EncodedText, init: ResponseInit) {
    const headers = new Headers(init.headers);
    // As a Response built from a string would say.
    if (!headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
    super(null, { ...init, headers });
    this.#text = text;
  }

  /** The text, while the body is unread. */
  get [TEXT](): EncodedText | undefined {
    return this.#read ? undefined : this.#text;
  }

  #readable(): Response {
    this.#read ??= new Response(this.#text.text);
    return this.#read;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#readable().body;
  }

  override get bodyUsed(): boolean {
    return this.#read?.bodyUsed ?? false;
  }

  override text(): Promise<string> {
    return this.#readable().text();
  }

  override json(): Promise<unknown> {
    return this.#readable().json();
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#readable().arrayBuffer();
  }

  override blob(): Promise<Blob> {
    return this.#readable().blob();
  }

  override formData(): Promise<FormData> {
    return this.#readable().formData();
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#readable().bytes();
  }

  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed."); // as for any Response
    return new TextResponse(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/** A Response with `text` as its body (see TextResponse); an EncodedText brings the bytes and gzip made for it before. */
export function textResponse(text: string | EncodedText, init: ResponseInit): Response {
  return new TextResponse(typeof text === "string" ? new EncodedText(text) : text, init);
}

/** The text a Response was built from by textResponse, while its body is still unread; undefined otherwise. */
export function knownTextOf(response: Response): EncodedText | undefined {
  return (response as Response & { [TEXT]?: EncodedText })[TEXT];
}
