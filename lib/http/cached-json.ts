import type { ChangeScope } from "../read-model/change-scope";
import { reuseStampsOf } from "../read-model/change-stamps";
import { readThrough, type Representation } from "../read-model/read-cache";
import { visibilityKey, type Visibility } from "../auth/visibility";
import { etagOver, matchesIfNoneMatch, notModified } from "./conditional-get";
import { encodedTextFor } from "./encoded-text";
import { textResponse } from "./text-response";

type CachedJsonOptions = {
  /** Everything the body depends on besides the database's state: route, parameters, query, visibility. */
  key: string;
  /** What kinds of committed change make it stale. */
  scopes: readonly ChangeScope[];
  /** Reads and builds the body; `etag` names it from the bytes it became (and whatever else it needs). */
  make: () => Promise<{ body: unknown; etag: (text: string) => string; alsoStaleOn?: readonly ChangeScope[]; freshUntil?: number }>;
};

/** Responses that depend on the caller's credentials say so, for any cache between. */
const HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-cache", Vary: "Authorization, Cookie" };

/**
 * A JSON read served from the read model (lib/read-model/read-cache.ts), with its `ETag`; a GET whose
 * `If-None-Match` names it gets 304. Only successful reads are remembered: whatever `make` throws is
 * answered as usual by the route.
 */
export async function cachedJson(request: Request, { key, scopes, make }: CachedJsonOptions): Promise<Response> {
  const representation = await readThrough(key, scopes, async (): Promise<Representation> => {
    const { body, etag: tagOf, alsoStaleOn, freshUntil } = await make();
    const text = JSON.stringify(body);
    return { text, etag: tagOf(text), alsoStaleOn, freshUntil };
  }, () => reuseStampsOf(request));
  const { text, etag } = representation;
  if (request.method === "GET" && matchesIfNoneMatch(request, etag)) return notModified(etag, { "Cache-Control": HEADERS["Cache-Control"], Vary: HEADERS.Vary });
  return textResponse(encodedTextFor(representation, text), { status: 200, headers: { ...HEADERS, ETag: etag } });
}

/**
 * The plain case of cachedJson: a read named by `key` (route and inputs), for the caller's `visibility` (so a
 * masked caller never shares an entry or a tag with one who sees secrets), stale after any change in `scopes`,
 * tagged by the key and the bytes it became.
 */
export function cachedRead(request: Request, key: readonly unknown[], visibility: Visibility, make: () => Promise<unknown>, scopes: readonly ChangeScope[] = ["definitions"]): Promise<Response> {
  const id = JSON.stringify([...key, visibilityKey(visibility)]);
  return cachedJson(request, { key: id, scopes, make: async () => ({ body: await make(), etag: (text) => etagOver([id, text]) }) });
}
