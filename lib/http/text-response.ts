import { EncodedText } from "./encoded-text";
import { heldBodyOf, withHeldBody } from "./held-body";

/**
 * A Response whose body is a text, held as its EncodedText until someone reads it (lib/http/held-body.ts). Its
 * headers are the list made here, answered by the getter, rather than copied into the Response's own.
 */
class TextResponse extends withHeldBody<EncodedText, typeof Response>(Response, (encoded) => encoded.text) {
  readonly #headers: Headers;

  constructor(text: EncodedText, init: ResponseInit) {
    const headers = new Headers(init.headers);
    // As a Response built from a string would say.
    if (!headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
    super(null, { status: init.status, statusText: init.statusText });
    this.#headers = headers;
    this.hold(text);
  }

  override get headers(): Headers {
    return this.#headers;
  }

  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed."); // as for any Response
    return new TextResponse(heldBodyOf<EncodedText>(this)!, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/** A Response with `text` as its body (see TextResponse); an EncodedText brings the bytes and gzip made for it before. */
export function textResponse(text: string | EncodedText, init: ResponseInit): Response {
  return new TextResponse(typeof text === "string" ? new EncodedText(text) : text, init);
}

/** The text a Response was built from by textResponse, while its body is still unread; undefined otherwise. */
export function knownTextOf(response: Response): EncodedText | undefined {
  return heldBodyOf<EncodedText>(response);
}
