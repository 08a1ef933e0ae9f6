import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { StoredServer } from "../schemas/server-output";
import type { UpstreamList } from "../schemas/upstream";
import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";
import { serverKeys } from "./servers";

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

/** "Add to registry": 201 with the new server; a 409 (name taken) or 502 comes back as ApiProblemError. */
export function useAddUpstreamServer() {
  return useWrite(
    (name: string) => fetchJson<{ mcp_server: StoredServer }>(`/api/upstream/servers/${encodeURIComponent(name)}/add`, { method: "POST" }),
    (client) => client.invalidateQueries({ queryKey: serverKeys.lists() }),
  );
}
