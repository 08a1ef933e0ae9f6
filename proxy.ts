import { NextResponse, type NextRequest } from "next/server";

import { signInRedirectFor } from "@/lib/auth/page-access";
import { isApiPath, isSeedPath, seedPathApiTarget } from "@/lib/http/api-paths";
import { problem } from "@/lib/http/problem";
import { SEED_PATH_MARKER } from "@/lib/http/seed-path-marker";
import { pageContentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * Everything but the APIs and static files: a seed path asked for as JSON becomes its `/api/…` twin (which
 * authenticates on its own); pages send strangers to sign in and get a fresh CSP nonce for every render.
 */
export async function proxy(request: NextRequest) {
  // Next's router answers a path it cannot decode with a bare 500 (its 400 page does not exist in an app router).
  if (hasMalformedEncoding(request.nextUrl.pathname)) {
    return problem(400, "invalid-input", "Invalid input", "The path is not validly percent-encoded.");
  }
  if (isApiPath(request.nextUrl.pathname)) return NextResponse.next();

  const headers = new Headers(request.headers);
  // Both answers at a seed path carry `Vary: Accept`; lib/http/vary-accept.ts adds it when it sees the marker.
  if (isSeedPath(request.nextUrl.pathname)) headers.set(SEED_PATH_MARKER, "1");
  const apiTarget = seedPathApiTarget(request.nextUrl.pathname, request.nextUrl.search, request.headers);
  if (apiTarget) return NextResponse.rewrite(new URL(apiTarget, request.url), { request: { headers } });

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

export const config = {
  // API paths (and the MCP gateway's) only when they carry a percent sign: the one thing the proxy checks there is their encoding.
  // `api/`, not `api`: a page whose name starts with "api" (`/api-docs`) is a page like any other (DESIGN §14).
  matcher: ["/((?!api/|v0\\.1/|mcp/|\\.well-known/|_next/static|_next/image|icon.svg|favicon.ico).*)", "/(api|v0\\.1|mcp|\\.well-known)/(.*%.*)"],
};
