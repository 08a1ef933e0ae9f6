"use client";

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

import type { TokenSummary } from "../data/tokens";
import { fetchJson } from "./fetch-json";

export type MintedToken = Omit<TokenSummary, "last_used_at"> & { token: string };
export type MintTokenInput = { name: string; role: TokenSummary["role"]; expires_at?: string | null };

export const tokenKeys = { all: ["tokens"] as const };

export const tokensQuery = () =>
  queryOptions({ queryKey: tokenKeys.all, queryFn: async () => (await fetchJson<{ tokens: TokenSummary[] }>("/api/tokens")).tokens });

export function useMintToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MintTokenInput) => fetchJson<MintedToken>("/api/tokens", { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<void>(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
