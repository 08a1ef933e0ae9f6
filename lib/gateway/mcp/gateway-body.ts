import { depthOf, MAX_JSON_DEPTH, readBoundedText } from "../../http/body";

/**
 * What a gateway POST may carry (DESIGN §14). The SDK's transport has the same bound, but applies it after its own
 * header checks and answers it as JSON-RPC; here a larger body is refused with a 413 problem+json before anything
 * parses it, counted as it streams (chunked, or with a Content-Length that lies).
 */
export const MAX_GATEWAY_BODY_BYTES = 4 * 1024 * 1024;

/** A gateway POST's body, read once: its text, and the message when the text is JSON (else the transport answers the parse error). */
export type GatewayPost = { text: string; parsed: true; message: unknown } | { text: string; parsed: false };

/** Reads a gateway POST's body; 413 (PayloadTooLargeError) past MAX_GATEWAY_BODY_BYTES. */
export async function readGatewayPost(request: Request): Promise<GatewayPost> {
  const text = await readBoundedText(request, MAX_GATEWAY_BODY_BYTES);
  try {
    return { text, parsed: true, message: JSON.parse(text) };
  } catch {
    return { text, parsed: false };
  }
}

/**
 * A JSON-RPC batch (an array body). The 2025-06-18 revision removed batches, and the gateway refuses them whole: one
 * HTTP request spends one unit of the calls budget, so a batch would run thirty calls for the price of one.
 */
export function isBatch(post: GatewayPost | undefined): boolean {
  return post?.parsed === true && Array.isArray(post.message);
}

/**
 * A message nesting deeper than any API body may (MAX_JSON_DEPTH): the recursive walks over a call's arguments
 * (copying, hashing, validating) would overflow the stack on it, so the gateway refuses it whole, as a batch.
 */
export function nestsTooDeep(post: GatewayPost | undefined): boolean {
  return post?.parsed === true && depthOf(post.message) > MAX_JSON_DEPTH;
}

/**
 * The request to hand the SDK's transport, whose body this module already read: with the parsed message it reads
 * no body; a body that is not JSON goes again as it came, for the transport to answer its parse error its own way.
 */
export function forwardable(request: Request, post: GatewayPost | undefined): { forward: Request; parsedBody?: unknown } {
  if (!post) return { forward: request };
  if (post.parsed) return { forward: request, parsedBody: post.message };
  return { forward: new Request(request.url, { method: request.method, headers: request.headers, body: post.text }) };
}
