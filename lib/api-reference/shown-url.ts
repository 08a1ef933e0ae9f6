import { MASK } from "../resolve/types";

/**
 * A URL as Patchbay may show it: no `user:password@`, every query value as `••••`, no fragment. An API reference
 * URL may carry a token (`?api_key=…`) or basic credentials; no answer, error or log line repeats them.
 */
export function shownUrl(url: URL): string {
  const shown = new URL(url.href);
  shown.username = "";
  shown.password = "";
  shown.hash = "";
  for (const key of new Set(shown.searchParams.keys())) shown.searchParams.set(key, MASK);
  return shown.href.replaceAll(encodeURIComponent(MASK), MASK);
}
