"use client";

import { documentKeys, documentPath, type DocumentKind } from "./document-queries";
import { useDeleteDefinition } from "./use-delete-definition";

/** DELETE with If-Match; a 409 (an agent still uses the capability) comes back carrying `used_by`. */
export function useDeleteDocument(kind: DocumentKind, name: string) {
  return useDeleteDefinition(documentPath(kind, name), (client) => {
    // Not refetched: the page showing it is about to leave, and a refetch would only 404.
    void client.invalidateQueries({ queryKey: documentKeys(kind).detail(name), refetchType: "none" });
    return client.invalidateQueries({ queryKey: documentKeys(kind).lists() });
  });
}
