/** What the API's dispatcher answers (DESIGN §15): everything under these prefixes, through either mount. */
const API_PATH = /^\/((api|v0\.1|mcp|\.well-known)\/|metrics$)/;
/** The seed's own paths (DESIGN §3): JSON to clients that do not ask for HTML, the dashboard to browsers. */
const SEED_PATH = /^\/(mcp-servers|capabilities|agents)(\/|$)/;
/** Headers the dashboard's own router sends with its fetches (and server actions): those are pages. */
const NEXT_ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];

type RequestHeaders = { get(name: string): string | null; has(name: string): boolean };

export function isApiPath(pathname: string): boolean {
  return API_PATH.test(pathname);
}

export function isSeedPath(pathname: string): boolean {
  return SEED_PATH.test(pathname);
}

/**
 * Where a request at a seed path goes when it is not asking for a page: its `/api/…` twin, query kept; null
 * for a page (or a path that is not a seed path). proxy.ts (the Next mount) and the production server decide
 * with this one function.
 */
export function seedPathApiTarget(pathname: string, search: string, headers: RequestHeaders): string | null {
  if (!isSeedPath(pathname) || wantsPage(headers, search)) return null;
  return `/api${pathname}${search}`;
}

/**
 * Browsers navigating ask for text/html. The dashboard's own router fetches (which accept anything and carry
 * `rsc` headers or `?_rsc`) and server actions are pages too; next.config's `skipProxyUrlNormalize` keeps
 * those markers visible to proxy.ts.
 */
function wantsPage(headers: RequestHeaders, search: string): boolean {
  if (NEXT_ROUTER_HEADERS.some((name) => headers.has(name)) || new URLSearchParams(search).has("_rsc")) return true;
  return (headers.get("accept") ?? "").toLowerCase().includes("text/html");
}
