"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { documentKeys, documentPath, type DocumentKind } from "./document-queries";

/** DELETE with If-Match; a 409 (an agent still uses the capability) comes back carrying `used_by`. */
export function useDeleteDocument(kind: DocumentKind, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, force = false }: { revision: number; force?: boolean }) =>
      fetchJson<void>(`${documentPath(kind, name)}${force ? "?force=true" : ""}`, { method: "DELETE", headers: { "If-Match": `"${revision}"` } }),
    onSuccess: () => {
      // Not refetched: the page showing it is about to leave, and a refetch would only 404.
      void queryClient.invalidateQueries({ queryKey: documentKeys(kind).detail(name), refetchType: "none" });
      return queryClient.invalidateQueries({ queryKey: documentKeys(kind).lists() });
    },
  });
}
