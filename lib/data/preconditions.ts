import { PreconditionFailedError } from "../errors";

/** `ETag: "<revision>"` on every single-entity response. */
export function etagOf(revision: number): string {
  return `"${revision}"`;
}

/**
 * Refuses the write when `If-Match` was sent and names none of the current revision's tags: `"<revision>"`,
 * or a read's `W/"<revision>-…"` (DESIGN §3: only the revision is compared).
 */
export function assertIfMatch(ifMatch: string | null | undefined, revision: number): void {
  if (ifMatch === null || ifMatch === undefined) return;

  const revisions = ifMatch.split(",").map((tag) => tag.trim().replace(/^W\//, "")).map((tag) => (tag === "*" ? "*" : /^"(\d+)(?:-[^"]*)?"$/.exec(tag)?.[1]));
  if (revisions.includes("*") || revisions.includes(String(revision))) return;
  throw new PreconditionFailedError();
}
