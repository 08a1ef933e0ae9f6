"use client";

import { serverKeys } from "./server-keys";
import { serverPath } from "./server-queries";
import { useDeleteDefinition } from "./use-delete-definition";

/** DELETE; a 409 (still referenced) comes back as ApiProblemError carrying `used_by`. */
export function useDeleteServer(name: string) {
  return useDeleteDefinition(serverPath(name), (client) => {
    // Marked stale without refetching: the page showing it is about to leave, and a refetch would only 404.
    void client.invalidateQueries({ queryKey: serverKeys.detail(name), refetchType: "none" });
    return client.invalidateQueries({ queryKey: serverKeys.lists() });
  });
}
