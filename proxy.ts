import { NextResponse, type NextRequest } from "next/server";

import { signInRedirectFor } from "@/lib/auth/page-access";
import { pageContentSecurityPolicy } from "@/lib/http/security-headers";

/** Pages only (not /api, not the official-registry API under /v0.1): sign-in redirect when needed, and a fresh CSP nonce for every render. */
export async function proxy(request: NextRequest) {
  const redirectTo = await signInRedirectFor(request);
  if (redirectTo) return NextResponse.redirect(new URL(redirectTo, request.url), 307);

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api|v0\\.1/|_next/static|_next/image|icon.svg|favicon.ico).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
