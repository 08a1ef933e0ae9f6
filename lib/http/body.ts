import { InvalidInputError, PayloadTooLargeError } from "../errors";
import { unstorablePlaceIn } from "../schemas/storable-json";
import { heldBodyOf } from "./held-body";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** No definition nests this deep; past it, the recursive walks over a body (merge patch, key order) could overflow the stack. */
export const MAX_JSON_DEPTH = 128;

/**
 * Reads a JSON body of at most `limit` bytes, counting as it streams (Content-Length can lie or be absent); a
 * missing or blank one is `whenAbsent` where the operation's body is optional, else refused.
 */
export async function readJsonBody(request: Request, limit: number, whenAbsent?: unknown): Promise<unknown> {
  const text = await readBoundedText(request, limit);
  if (text.trim() === "" && whenAbsent !== undefined) return whenAbsent;
  if (text.trim() === "") throw new InvalidInputError("The request needs a JSON body.", [{ path: "", message: "is required" }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidInputError(`Malformed JSON: ${(error as Error).message}`, [{ path: "", message: "is not valid JSON" }]);
  }
  if (depthOf(value) > MAX_JSON_DEPTH) {
    throw new InvalidInputError(`The body nests deeper than ${MAX_JSON_DEPTH} levels.`, [{ path: "", message: `nests deeper than ${MAX_JSON_DEPTH} levels` }]);
  }
  const unstorable = unstorablePlaceIn(value);
  if (unstorable) throw new InvalidInputError(`The request holds a value that cannot be stored, at ${unstorable.path || "the body"}: it ${unstorable.message}.`, [unstorable]);
  return value;
}

/** PostgreSQL text and jsonb cannot hold U+0000, so no engine accepts it: the same input is refused on both. */
export const NUL_REFUSED = "The request contains a NUL character (U+0000), which cannot be stored.";

/** A raw NUL, or JSON's escape for one (an escaped backslash before `u0000` is refused too: harmless). */
export function hasNul(text: string): boolean {
  return text.includes("\u0000") || /\\u0000/i.test(text);
}

/** How deep objects and arrays nest in a parsed JSON value; iterative, so any depth is measured without recursion. */
export function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** A non-blank text body of at most `limit` bytes. */
export async function readTextBody(request: Request, limit: number, what = "a body"): Promise<string> {
  const text = await readBoundedText(request, limit);
  if (text.trim() === "") throw new InvalidInputError(`The request needs ${what}.`, [{ path: "", message: "is required" }]);
  if (hasNul(text)) throw new InvalidInputError(NUL_REFUSED, [{ path: "", message: "contains a NUL character" }]);
  return text;
}

/**
 * The body as text, empty or not, of at most `limit` bytes: a declared Content-Length over it is refused unread, and
 * the bytes are counted as they stream (a chunked body has no length, and a declared one can lie). 413 past it.
 */
export async function readBoundedText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new PayloadTooLargeError(limit);
  // A small body the production mount read before the handler ran (lib/http/node-mount.ts): no stream to go through.
  const preread = heldBodyOf<Buffer>(request);
  if (preread) {
    if (preread.byteLength > limit) throw new PayloadTooLargeError(limit);
    return preread.toString("utf8");
  }
  if (!request.body) return "";

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PayloadTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
