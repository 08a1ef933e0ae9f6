/** Where a message built by withHeldBody shows what it holds: a registered symbol, so every bundle of lib finds it. */
const HELD = Symbol.for("patchbay.heldBody");

type Message = Request | Response;
// A mixin's base constructor takes whatever its class takes.
type MessageClass = abstract new (...args: any[]) => Body;

/**
 * A web Request or Response class whose instances hold their body as a value (`holding`: a string, bytes, an
 * EncodedText…) until someone reads it. On Node, a message built with a body makes a ReadableStream at once,
 * about as costly as the rest of a warm API answer; the production mount writes a held answer itself, and the
 * body reader takes a held request's bytes, so neither stream is ever made. Anyone else — Next's mount, a test,
 * a copy — reads it as usual: `body`, `text()`, `json()`… make the stream then, from `asBody(holding)`.
 * Subclasses pass their base a null body and call `hold` once; one that holds nothing reads as its base.
 */
export function withHeldBody<H, C extends MessageClass>(Base: C, asBody: (holding: H) => BodyInit) {
  abstract class HeldBody extends Base {
    #holding: H | undefined;
    #read: Response | undefined;

    protected hold(holding: H): void {
      this.#holding = holding;
    }

    /** What the body holds, while nobody has read it. */
    get [HELD](): H | undefined {
      return this.#read ? undefined : this.#holding;
    }

    /** The held body as a readable Response, made once; null when nothing was held (the base class has the body). */
    #readable(): Response | null {
      if (this.#holding === undefined) return null;
      this.#read ??= new Response(asBody(this.#holding));
      return this.#read;
    }

    override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
      const readable = this.#readable();
      return readable ? readable.body : super.body;
    }

    override get bodyUsed(): boolean {
      return this.#holding === undefined ? super.bodyUsed : (this.#read?.bodyUsed ?? false);
    }

    override text(): Promise<string> {
      return this.#readable()?.text() ?? super.text();
    }

    override json(): Promise<unknown> {
      return this.#readable()?.json() ?? super.json();
    }

    override arrayBuffer(): Promise<ArrayBuffer> {
      return this.#readable()?.arrayBuffer() ?? super.arrayBuffer();
    }

    override blob(): Promise<Blob> {
      return this.#readable()?.blob() ?? super.blob();
    }

    override formData(): Promise<FormData> {
      return this.#readable()?.formData() ?? super.formData();
    }

    override bytes(): Promise<Uint8Array<ArrayBuffer>> {
      return this.#readable()?.bytes() ?? super.bytes();
    }
  }
  return HeldBody;
}

/** What a message built by withHeldBody holds while its body is unread; undefined for any other message. */
export function heldBodyOf<H>(message: Message): H | undefined {
  return (message as Message & { [HELD]?: H })[HELD];
}
