"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { documentKeys, documentPath, type DocumentKind } from "./document-queries";
import { fetchJson } from "./fetch-json";
import { serverKeys } from "./server-keys";

/** POST …/adopt-inline (capability or agent): every inline config becomes a registry server and its reference names it (If-Match). */
export function useAdoptInline(kind: DocumentKind, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) =>
      fetchJson<{ created: string[] }>(`${documentPath(kind, name)}/adopt-inline`, { method: "POST", headers: { "If-Match": `"${revision}"` } }),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys(kind).all }),
      queryClient.invalidateQueries({ queryKey: serverKeys.all }),
    ]),
  });
}
