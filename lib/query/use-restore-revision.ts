"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { serverKeys } from "./server-keys";
import { serverPath } from "./server-queries";
import type { StoredServer } from "./types";

/** Writes a new revision equal to `revision`; stale when the server changed since `currentRevision`. */
export function useRestoreRevision(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, currentRevision }: { revision: number; currentRevision: number }) =>
      fetchJson<{ mcp_server: StoredServer }>(`${serverPath(name)}/revisions/${revision}/restore`, {
        method: "POST",
        headers: { "If-Match": `"${currentRevision}"` },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}
