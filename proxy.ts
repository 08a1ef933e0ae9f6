import { NextResponse, type NextRequest } from "next/server";

import { SEED_PATH_MARKER } from "./lib/http/seed-path-marker";

/**
 * DESIGN §3: the seed's own paths (`/mcp-servers…`, `/capabilities…`, `/agents…`) answer the `/api/…` JSON
 * to any client that does not ask for HTML, so a runner written against the seed works unchanged; browsers
 * get the dashboard there. Both answers carry `Vary: Accept` (lib/http/vary-accept.ts adds it).
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(SEED_PATH_MARKER, "1");
  if (wantsPage(request)) return NextResponse.next({ request: { headers } });

  const target = new URL(`/api${request.nextUrl.pathname}${request.nextUrl.search}`, request.url);
  return NextResponse.rewrite(target, { request: { headers } });
}

/**
 * Browsers navigating ask for text/html. The dashboard's own router fetches (which accept anything, and
 * carry `rsc` headers or `?_rsc`) and server actions are pages too; next.config's `skipProxyUrlNormalize`
 * keeps those markers visible here.
 */
function wantsPage(request: NextRequest): boolean {
  const headers = request.headers;
  if (NEXT_ROUTER_HEADERS.some((name) => headers.has(name)) || request.nextUrl.searchParams.has("_rsc")) return true;
  return (headers.get("accept") ?? "").toLowerCase().includes("text/html");
}

const NEXT_ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];

export const config = {
  matcher: ["/mcp-servers/:path*", "/capabilities/:path*", "/agents/:path*"],
};
