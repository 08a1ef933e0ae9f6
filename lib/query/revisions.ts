import { queryOptions } from "@tanstack/react-query";

import { ifMatch, useWrite } from "./entity";
import { fetchJson } from "./fetch-json";
import type { RevisionDetail, RevisionSummary } from "./types";

/**
 * Anything with a revision history (servers, capabilities, agents): its API path, the detail key its
 * history hangs under, the prefix a restore invalidates, and what the UI calls it.
 */
export type RevisionTarget = { noun: string; path: string; detailKey: readonly unknown[]; allKey: readonly unknown[] };

export const revisionKeys = {
  list: (target: RevisionTarget) => [...target.detailKey, "revisions"] as const,
  one: (target: RevisionTarget, revision: number) => [...target.detailKey, "revisions", revision] as const,
};

export function revisionsQuery(target: RevisionTarget) {
  return queryOptions({
    queryKey: revisionKeys.list(target),
    queryFn: ({ signal }) => fetchJson<{ revisions: RevisionSummary[] }>(`${target.path}/revisions`, { signal }).then((body) => body.revisions),
  });
}

export function revisionQuery(target: RevisionTarget, revision: number) {
  return queryOptions({
    queryKey: revisionKeys.one(target, revision),
    queryFn: ({ signal }) => fetchJson<{ revision: RevisionDetail }>(`${target.path}/revisions/${revision}`, { signal }).then((body) => body.revision),
    staleTime: Infinity, // a revision never changes once written
  });
}

/** Writes a new revision equal to `revision`; stale when the entity changed since `currentRevision`. */
export function useRestoreRevision(target: RevisionTarget) {
  return useWrite(
    ({ revision, currentRevision }: { revision: number; currentRevision: number }) =>
      fetchJson<unknown>(`${target.path}/revisions/${revision}/restore`, { method: "POST", headers: ifMatch(currentRevision) }),
    (client) => client.invalidateQueries({ queryKey: target.allKey }),
  );
}
