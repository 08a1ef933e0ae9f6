import { getConfig } from "../env";
import { authenticate } from "./authenticate";

/** Pages anyone may open, signed in or not. */
const PUBLIC_PAGES = ["/sign-in"];

/** Where a browser without a session is sent instead of `pathname`, or null when it may go on. */
export async function signInRedirectFor(request: Request): Promise<string | null> {
  const url = new URL(request.url);
  if (getConfig().PATCHBAY_AUTH === "off" || PUBLIC_PAGES.includes(url.pathname)) return null;

  const principal = await authenticate(request).catch(() => null);
  if (principal) return null;
  return `/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`;
}
