import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { StoredServer } from "../schemas/server-output";
import type { UpstreamList } from "../schemas/upstream";
import { fetchJson } from "./fetch-json";

export const upstreamKeys = {
  all: ["upstream"] as const,
  page: (search: string, cursor: string | null) => [...upstreamKeys.all, "page", search, cursor] as const,
};

export function upstreamServersQuery(search: string, cursor: string | null) {
  const query = new URLSearchParams({ ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) });
  return queryOptions({
    queryKey: upstreamKeys.page(search, cursor),
    queryFn: ({ signal }) => fetchJson<UpstreamList>(`/api/upstream/servers?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const addUpstreamServer = (name: string) =>
  fetchJson<{ mcp_server: StoredServer }>(`/api/upstream/servers/${encodeURIComponent(name)}/add`, { method: "POST" });
