/** The text of each Response this process built from a string, for as long as the Response lives. */
const texts = new WeakMap<Response, string>();

/**
 * A Response whose body is `text`, remembered so that the production mount writes the text as it is
 * (lib/http/node-answer.ts) instead of reading it back through the body's stream: on a warm read that stream
 * costs about what the rest of the answer does. Every other reader (Next's mount, a test) sees a plain Response.
 */
export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(text, init);
  texts.set(response, text);
  return response;
}

/** The text a Response was built from by textResponse, while its body is still unread; undefined otherwise. */
export function knownTextOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : texts.get(response);
}
