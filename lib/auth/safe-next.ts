const FALLBACK = "/";
const PLACEHOLDER_ORIGIN = "http://patchbay.invalid";

/**
 * Where to go after signing in: a path on this site, or "/". Refuses everything a browser could read as
 * another origin — `//host`, `/\host` and `\\host` (browsers treat `\` as `/`), any scheme (`http:`,
 * `javascript:`), and control characters or whitespace (browsers strip tabs and newlines from URLs, so
 * `/\t/host` would become `//host`).
 */
export function sanitizeNext(next: string | null | undefined): string {
  if (typeof next !== "string" || !next.startsWith("/")) return FALLBACK;
  if (next.includes("\\") || /[\u0000-\u0020\u007f]/.test(next)) return FALLBACK;
  if (next.startsWith("//")) return FALLBACK;

  try {
    const url = new URL(next, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return FALLBACK;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return FALLBACK;
  }
}
