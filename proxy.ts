import { NextResponse, type NextRequest } from "next/server";

import { signInRedirectFor } from "@/lib/auth/page-access";
import { problem } from "@/lib/http/problem";
import { SEED_PATH_MARKER } from "@/lib/http/seed-path-marker";
import { pageContentSecurityPolicy } from "@/lib/http/security-headers";

/** The seed's own paths (DESIGN §3): JSON to clients that do not ask for HTML, the dashboard to browsers. */
const SEED_PATH = /^\/(mcp-servers|capabilities|agents)(\/|$)/;
const API_PATH = /^\/((api|v0\.1|mcp)\/|metrics$)/;
const NEXT_ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];

/**
 * Everything but the APIs and static files: a seed path asked for as JSON becomes its `/api/…` twin (which
 * authenticates on its own); pages send strangers to sign in and get a fresh CSP nonce for every render.
 */
export async function proxy(request: NextRequest) {
  // Next's router answers a path it cannot decode with a bare 500 (its 400 page does not exist in an app router).
  if (hasMalformedEncoding(request.nextUrl.pathname)) {
    return problem(400, "invalid-input", "Invalid input", "The path is not validly percent-encoded.");
  }
  if (API_PATH.test(request.nextUrl.pathname)) return NextResponse.next();

  const headers = new Headers(request.headers);
  const isSeedPath = SEED_PATH.test(request.nextUrl.pathname);
  // Both answers at a seed path carry `Vary: Accept`; lib/http/vary-accept.ts adds it when it sees the marker.
  if (isSeedPath) headers.set(SEED_PATH_MARKER, "1");
  if (isSeedPath && !wantsPage(request)) {
    const target = new URL(`/api${request.nextUrl.pathname}${request.nextUrl.search}`, request.url);
    return NextResponse.rewrite(target, { request: { headers } });
  }

  const redirectTo = await signInRedirectFor(request);
  if (redirectTo) return NextResponse.redirect(new URL(redirectTo, request.url), 307);

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, { isDevelopment: process.env.NODE_ENV === "development" });
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

function hasMalformedEncoding(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

/**
 * Browsers navigating ask for text/html. The dashboard's own router fetches (which accept anything and carry
 * `rsc` headers or `?_rsc`) and server actions are pages too; next.config's `skipProxyUrlNormalize` keeps
 * those markers visible here.
 */
function wantsPage(request: NextRequest): boolean {
  if (NEXT_ROUTER_HEADERS.some((name) => request.headers.has(name)) || request.nextUrl.searchParams.has("_rsc")) return true;
  return (request.headers.get("accept") ?? "").toLowerCase().includes("text/html");
}

export const config = {
  // API paths (and the MCP gateway's) only when they carry a percent sign: the one thing the proxy checks there is their encoding.
  // `api/`, not `api`: a page whose name starts with "api" (`/api-docs`) is a page like any other (DESIGN §14).
  matcher: ["/((?!api/|v0\\.1/|mcp/|_next/static|_next/image|icon.svg|favicon.ico).*)", "/(api|v0\\.1|mcp)/(.*%.*)"],
};
