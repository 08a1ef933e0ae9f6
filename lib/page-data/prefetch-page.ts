import type { FetchQueryOptions, QueryClient } from "@tanstack/react-query";
import { headers } from "next/headers";

import type { Dispatch } from "../http/dispatcher";
import { findDispatch } from "../http/node-mount";
import { installServerFetch } from "../query/fetch-json";

type PrefetchOptions = FetchQueryOptions<any, any, any, any>;

/**
 * Server components only: a page's first data comes with its HTML instead of one request per panel (issue #31:
 * a detail page's data in ≤ 5 requests). The page's own query options (lib/query) are prefetched here, each
 * answered by the API's dispatcher in this process as the page's caller — its cookie, its origin — so the
 * dehydrated cache holds what the browser would have fetched, authorised the same way. A query that fails is left
 * to the browser, which shows its error as before; before boot (no dispatcher yet) nothing is prefetched.
 */
export async function prefetchPageQueries(client: QueryClient, queries: readonly PrefetchOptions[]): Promise<void> {
  const dispatch = findDispatch();
  if (!dispatch) return;
  installServerFetch((path, init) => answerInProcess(dispatch, path, init));
  await Promise.all(queries.map((query) => client.prefetchQuery(query)));
}

/**
 * One prefetch, as the request being rendered: its headers are read from Next's request scope at each call, never
 * kept, so renders for different people at the same time each ask as themselves.
 */
async function answerInProcess(dispatch: Dispatch, path: string, init: RequestInit): Promise<Response> {
  const incoming = await headers();
  const origin = `${incoming.get("x-forwarded-proto") ?? "http"}://${incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "localhost"}`;
  const url = new URL(path, origin);
  const forwarded = new Headers(init.headers);
  for (const name of ["cookie", "host", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-for"]) {
    const value = incoming.get(name);
    if (value !== null) forwarded.set(name, value);
  }
  // A POST that changes nothing (validate, a blueprint) is a same-origin write as far as the API can tell: it is one.
  if ((init.method ?? "GET") !== "GET") forwarded.set("origin", origin);
  return dispatch(new Request(url, { ...init, headers: forwarded }), url.pathname);
}
