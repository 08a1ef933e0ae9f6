"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { serverKeys } from "./server-keys";
import { serverPath } from "./server-queries";

/** DELETE; a 409 (still referenced) comes back as ApiProblemError carrying `used_by`. */
export function useDeleteServer(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, force = false }: { revision: number; force?: boolean }) =>
      fetchJson<void>(`${serverPath(name)}${force ? "?force=true" : ""}`, { method: "DELETE", headers: { "If-Match": `"${revision}"` } }),
    onSuccess: () => {
      // Marked stale without refetching: the page showing it is about to leave, and a refetch would only 404.
      void queryClient.invalidateQueries({ queryKey: serverKeys.detail(name), refetchType: "none" });
      return queryClient.invalidateQueries({ queryKey: serverKeys.lists() });
    },
  });
}
