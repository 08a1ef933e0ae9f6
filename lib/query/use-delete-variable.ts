"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { variableKeys } from "./variable-keys";
import { variablePath } from "./variable-queries";

/** DELETE over `revision`; a 409 (still used) comes back as ApiProblemError carrying `used_by`, then `force` deletes anyway. */
export function useDeleteVariable(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, force = false }: { revision: number; force?: boolean }) =>
      fetchJson<void>(`${variablePath(name)}${force ? "?force=true" : ""}`, { method: "DELETE", headers: { "If-Match": `"${revision}"` } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: variableKeys.detail(name) });
      return queryClient.invalidateQueries({ queryKey: variableKeys.all });
    },
  });
}
