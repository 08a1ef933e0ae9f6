import { getConfig } from "../env";
import { authenticate } from "./authenticate";
import { sanitizeNext } from "./safe-next";

/** Pages anyone may open, signed in or not: signing in, with a token or with the identity provider (DESIGN §18). */
const PUBLIC_PAGES = ["/sign-in", "/sign-in/oidc", "/sign-in/oidc/callback"];

/** Where a browser without a session is sent instead of `pathname`, or null when it may go on. */
export async function signInRedirectFor(request: Request): Promise<string | null> {
  const url = new URL(request.url);
  if (getConfig().PATCHBAY_AUTH === "off" || PUBLIC_PAGES.includes(url.pathname)) return null;

  const principal = await authenticate(request).catch(() => null);
  if (principal) return null;
  // A request for `//evil.example` has that pathname: it must not come back as a next that leaves the site.
  return `/sign-in?next=${encodeURIComponent(sanitizeNext(url.pathname + url.search))}`;
}
