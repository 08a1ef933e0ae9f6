import type { Dispatch } from "./dispatcher";

/** A route without dynamic segments (`/metrics`) gets no params from Next. */
type CatchAllContext = { params?: Promise<Record<string, string | string[] | undefined>> };

/**
 * The API's dispatcher as a Next route handler for everything under `prefix` (app/…/[...path]/route.ts). The
 * path is rebuilt from the catch-all's segments, not read from the request's URL: under a rewrite (a seed path
 * asked for as JSON, proxy.ts) the URL still shows the path the client asked for, the segments the route matched.
 */
export function nextMount(prefix: string, dispatch: Dispatch) {
  return async (request: Request, context: CatchAllContext): Promise<Response> => {
    const { path } = (await context?.params) ?? {};
    const segments = Array.isArray(path) ? path : [];
    return dispatch(request, `${prefix}${segments.map((segment) => `/${encodeURIComponent(segment)}`).join("")}`);
  };
}
