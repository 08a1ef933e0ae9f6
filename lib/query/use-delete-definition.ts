"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";

export type DeleteArgs = { revision: number; force?: boolean };

/**
 * DELETE `path` over `revision` (If-Match); a 409 (still used) comes back as ApiProblemError carrying
 * `used_by`, then `force` deletes anyway. `onDeleted` brings the cache up to date.
 */
export function useDeleteDefinition(path: string, onDeleted: (client: QueryClient) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, force = false }: DeleteArgs) =>
      fetchJson<void>(`${path}${force ? "?force=true" : ""}`, { method: "DELETE", headers: { "If-Match": `"${revision}"` } }),
    onSuccess: () => onDeleted(queryClient),
  });
}
