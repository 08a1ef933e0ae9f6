import { queryOptions } from "@tanstack/react-query";

import type { TokenSummary } from "../data/tokens";
import { fetchJson } from "./fetch-json";

export type MintedToken = Omit<TokenSummary, "last_used_at"> & { token: string };
export type MintTokenInput = { name: string; role: TokenSummary["role"]; expires_at?: string | null };

export const tokenKeys = { all: ["tokens"] as const };

export const tokensQuery = () =>
  queryOptions({ queryKey: tokenKeys.all, queryFn: async ({ signal }) => (await fetchJson<{ tokens: TokenSummary[] }>("/api/tokens", { signal })).tokens });
