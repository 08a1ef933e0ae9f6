import type { Operation } from "../api/operation";
import { visibilityKey } from "../auth/visibility";
import type { ChangeScope } from "../read-model/change-scope";
import { reuseStampsOf } from "../read-model/change-stamps";
import { readThrough } from "../read-model/read-cache";
import { etagOver, matchesIfNoneMatch, notModified } from "./conditional-get";
import { route, type RouteContext } from "./route";
import { encodedTextFor } from "./encoded-text";
import { textResponse } from "./text-response";

const CACHE_CONTROL = "max-age=30";

/**
 * A `/v0.1` read (DESIGN §13): the handler returns the body; this answers it with an ETag over its bytes (304 on
 * a matching `If-None-Match`) and `Cache-Control: max-age=30`; the dispatcher adds `/v0.1`'s CORS headers to every
 * answer, errors included (lib/http/cors.ts).
 * The body depends on who asks (masking), so caches are told it varies by `Authorization`. Bodies come from the
 * read model until a definition changes, keyed by what the handler reads: the operation, its parsed parameters and
 * query, and the caller's view of secrets — never `request.url`, whose text the handler does not read (DESIGN §14).
 */
export function registryRoute<P, Q, B>(operation: Operation<P, Q, B>, handler: (context: RouteContext<P, Q, B>) => Promise<unknown>, scopes: readonly ChangeScope[] = ["definitions"]) {
  return route(operation, async (context) => {
    const key = JSON.stringify(["v0.1", operation.path, context.params, context.query, visibilityKey(context.visibility)]);
    const representation = await readThrough(key, scopes, async () => {
      const text = JSON.stringify(await handler(context));
      return { text, etag: etagOver([text]) };
    }, () => reuseStampsOf(context.request));
    const { text, etag } = representation;
    const headers = { "Cache-Control": CACHE_CONTROL, Vary: "Authorization" };
    if (matchesIfNoneMatch(context.request, etag)) return notModified(etag, headers);
    return textResponse(encodedTextFor(representation, text), { status: 200, headers: { "Content-Type": "application/json; charset=utf-8", ...headers, ETag: etag } });
  });
}
