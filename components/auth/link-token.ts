import { useEffect, useSyncExternalStore } from "react";

/**
 * The token a sign-in link (`/sign-in#token=…`) carries in its fragment, which never reaches a server or a log.
 *
 * It is read as soon as this module loads, and from every later `hashchange` (a link opened in a tab that already
 * shows the sign-in page changes only the fragment). Reading it in an effect after hydration lost it: a fragment that
 * arrives while the page hydrates is wiped by the router, which writes back the address it started from, before any
 * effect runs. It leaves the address bar (history, bookmarks, a screen share) once the page has hydrated, as the
 * router's own write would otherwise put it back.
 */
let offeredToken: string | null = null;
const listeners = new Set<() => void>();

function tokenIn(href: string) {
  const url = new URL(href);
  return url.pathname === "/sign-in" ? new URLSearchParams(url.hash.slice(1)).get("token") : null;
}

function dropTokenFromAddressBar() {
  if (tokenIn(window.location.href)) history.replaceState(null, "", window.location.pathname + window.location.search);
}

function setOfferedToken(token: string | null) {
  offeredToken = token;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== "undefined") {
  offeredToken = tokenIn(window.location.href);
  window.addEventListener("hashchange", (event) => {
    const token = tokenIn(event.newURL);
    if (!token) return;
    setOfferedToken(token);
    dropTokenFromAddressBar();
  });
}

/** The link's token until it is dismissed; null on the server and while there is none. */
export function useLinkToken(): [token: string | null, dismiss: () => void] {
  const token = useSyncExternalStore(subscribe, () => offeredToken, () => null);
  useEffect(dropTokenFromAddressBar, []);
  return [token, () => setOfferedToken(null)];
}
