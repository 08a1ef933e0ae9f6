"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { documentKeys, documentPath, type DocumentKind } from "./document-queries";

type Saved = { name: string; revision: number };
type SaveArgs = { input: Record<string, unknown>; original?: Saved };

/** POST a new capability or agent, or PUT over `original` with If-Match on the revision the form was opened at. */
export function useSaveDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, original }: SaveArgs) =>
      fetchJson<Record<string, Saved>>(documentPath(kind, original?.name), {
        method: original ? "PUT" : "POST",
        json: input,
        headers: original ? { "If-Match": `"${original.revision}"` } : {},
      }).then((body) => body[kind.key]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys(kind).all }),
  });
}
