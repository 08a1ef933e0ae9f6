"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { serverKeys } from "./server-keys";
import { addUpstreamServer } from "./upstream-queries";

/** "Add to registry": 201 with the new server; a 409 (name taken) or 502 comes back as ApiProblemError. */
export function useAddUpstreamServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => addUpstreamServer(name),
    onSuccess: () => client.invalidateQueries({ queryKey: serverKeys.lists() }),
  });
}
