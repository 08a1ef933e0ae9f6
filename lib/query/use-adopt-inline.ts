"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { capabilityKeys, CAPABILITY } from "./capability-queries";
import { documentPath } from "./document-queries";
import { fetchJson } from "./fetch-json";
import { serverKeys } from "./server-keys";

/** POST …/adopt-inline: every inline config becomes a registry server and its reference names it (If-Match). */
export function useAdoptInline(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) =>
      fetchJson<{ created: string[] }>(`${documentPath(CAPABILITY, name)}/adopt-inline`, { method: "POST", headers: { "If-Match": `"${revision}"` } }),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: capabilityKeys.all }),
      queryClient.invalidateQueries({ queryKey: serverKeys.all }),
    ]),
  });
}
