"use client";

import { useDeleteDefinition } from "./use-delete-definition";
import { variableKeys } from "./variable-keys";
import { variablePath } from "./variable-queries";

/** DELETE over `revision`; a 409 (still used) carries `used_by`, then `force` deletes anyway. */
export function useDeleteVariable(name: string) {
  return useDeleteDefinition(variablePath(name), (client) => {
    client.removeQueries({ queryKey: variableKeys.detail(name) });
    return client.invalidateQueries({ queryKey: variableKeys.all });
  });
}
