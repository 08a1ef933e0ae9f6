"use client";

import { DiffView } from "@/components/ui/diff-view";
import type { RevisionTarget } from "@/lib/query/revisions";
import { useRevisionDiff } from "./use-revision-diff";

/** The changes a revision made, against the revision before it. */
export function RevisionDiff({ target, from, to, label }: { target: RevisionTarget; from: number | undefined; to: number; label: string }) {
  const { lines, isPending, error } = useRevisionDiff(target, from, to);
  if (isPending) return <p role="status" className="text-sm text-slate-600 dark:text-slate-400">Loading the changes…</p>;
  if (error) return <p className="text-sm text-red-700 dark:text-red-400">Could not load the revisions: {error.message}</p>;
  return <DiffView lines={lines} label={label} />;
}
