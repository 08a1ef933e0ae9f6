import { PreconditionFailedError } from "../errors";

/** `ETag: "<revision>"` on every single-entity response. */
export function etagOf(revision: number): string {
  return `"${revision}"`;
}

/** Refuses the write when `If-Match` was sent and names none of the current revision's tags. */
export function assertIfMatch(ifMatch: string | null | undefined, revision: number): void {
  if (ifMatch === null || ifMatch === undefined) return;

  const tags = ifMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (tags.includes("*") || tags.includes(etagOf(revision))) return;
  throw new PreconditionFailedError();
}
