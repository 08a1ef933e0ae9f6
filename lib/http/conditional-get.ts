import { createHash } from "node:crypto";

/**
 * Conditional GET (RFC 9110 §13.1.2): the one way every read route answers `If-None-Match`.
 *
 * An ETag names what the body was made from, never how fast it was made: pass the revisions (or other
 * version keys) the body depends on, plus anything else that changes its bytes — the caller's view of
 * secrets, the query. Two requests with the same parts get the same tag; any write that changes a part
 * changes the tag.
 */
export function etagOver(parts: readonly (string | number | null | undefined)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part ?? ""}\u0000`);
  return `"${hash.digest("base64url").slice(0, 27)}"`;
}

/** True when `If-None-Match` names `etag` (weak comparison, `*` matches any current representation). */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (header === null) return false;
  const wanted = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === wanted;
  });
}

/** 304 with the headers a cache needs to keep using its copy (RFC 9110 §15.4.5). */
export function notModified(etag: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 304, headers: { ETag: etag, ...headers } });
}
