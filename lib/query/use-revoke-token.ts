"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { tokenKeys } from "./token-queries";

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<void>(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
