"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import type { RevisionTarget } from "./revision-queries";

/** Writes a new revision equal to `revision`; stale when the entity changed since `currentRevision`. */
export function useRestoreRevision(target: RevisionTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, currentRevision }: { revision: number; currentRevision: number }) =>
      fetchJson<unknown>(`${target.path}/revisions/${revision}/restore`, {
        method: "POST",
        headers: { "If-Match": `"${currentRevision}"` },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: target.allKey }),
  });
}
