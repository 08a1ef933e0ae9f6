import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);

/**
 * A body's text with its UTF-8 bytes and its gzip, each made once, when first asked for: a representation the
 * read model serves again and again (lib/http/cached-json.ts) is encoded and compressed once, not per request.
 * Made from bytes (UTF-8 already: an MCP answer assembled from encoded parts), the text is decoded only if read.
 */
export class EncodedText {
  #text: string | undefined;
  #bytes: Buffer | undefined;
  #gzipped: Promise<Buffer> | undefined;

  constructor(source: string | Buffer) {
    if (typeof source === "string") this.#text = source;
    else this.#bytes = source;
  }

  get text(): string {
    this.#text ??= this.#bytes!.toString("utf8");
    return this.#text;
  }

  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.#text!);
    return this.#bytes;
  }

  /** Compressed on the thread pool, not this thread; a failure is not remembered. */
  gzipped(): Promise<Buffer> {
    this.#gzipped ??= gzip(this.bytes).catch((error: unknown) => {
      this.#gzipped = undefined;
      throw error;
    });
    return this.#gzipped;
  }
}

const encodings = new WeakMap<object, EncodedText>();

/** The one EncodedText of `text` for as long as `holder` (a cached representation) lives. */
export function encodedTextFor(holder: object, text: string): EncodedText {
  let encoded = encodings.get(holder);
  if (!encoded) {
    encoded = new EncodedText(text);
    encodings.set(holder, encoded);
  }
  return encoded;
}
