import { queryOptions } from "@tanstack/react-query";

import type { TokenSummary } from "../auth/tokens";
import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";

export type MintedToken = Omit<TokenSummary, "last_used_at"> & { token: string };
export type MintTokenInput = { name: string; role: TokenSummary["role"]; expires_at?: string | null };

export const tokenKeys = { all: ["tokens"] as const };

export const tokensQuery = () =>
  queryOptions({ queryKey: tokenKeys.all, queryFn: async ({ signal }) => (await fetchJson<{ tokens: TokenSummary[] }>("/api/tokens", { signal })).tokens });

/** POST /api/tokens; the answer carries the token itself, shown once. */
export function useMintToken() {
  return useWrite(
    (input: MintTokenInput) => fetchJson<MintedToken>("/api/tokens", { method: "POST", json: input }),
    (client) => client.invalidateQueries({ queryKey: tokenKeys.all }),
  );
}

export function useRevokeToken() {
  return useWrite(
    (id: string) => fetchJson<void>(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    (client) => client.invalidateQueries({ queryKey: tokenKeys.all }),
  );
}
