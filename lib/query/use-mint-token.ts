"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { tokenKeys, type MintedToken, type MintTokenInput } from "./token-queries";

/** POST /api/tokens; the answer carries the token itself, shown once. */
export function useMintToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MintTokenInput) => fetchJson<MintedToken>("/api/tokens", { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
