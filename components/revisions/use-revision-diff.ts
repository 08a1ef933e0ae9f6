"use client";

import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";

import { diffJson } from "@/lib/diff/line-diff";
import { revisionQuery, type RevisionTarget } from "@/lib/query/revisions";

/** The line diff between two revisions' snapshots; `from` undefined diffs against nothing (a creation). */
export function useRevisionDiff(target: RevisionTarget, from: number | undefined, to: number) {
  const revisions = [...(from ? [from] : []), to];
  const results = useQueries({ queries: revisions.map((revision) => revisionQuery(target, revision)) });
  const isPending = results.some((result) => result.isPending);
  const error = results.find((result) => result.error)?.error ?? null;
  const before = from ? results[0].data?.snapshot : undefined;
  const after = results[results.length - 1].data?.snapshot;

  const lines = useMemo(() => (isPending || error ? [] : diffJson(before, after)), [isPending, error, before, after]);
  return { lines, isPending, error };
}
