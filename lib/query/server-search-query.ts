import { queryOptions } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { serverKeys } from "./server-keys";
import type { ServerListPage } from "./types";

const PICKER_LIMIT = 20;

/** The reference picker's search: the first 20 servers matching, under the servers' list prefix. */
export function serverSearchQuery(search: string) {
  const params = new URLSearchParams({ search, limit: String(PICKER_LIMIT) });
  return queryOptions({
    queryKey: serverKeys.picker(search),
    queryFn: ({ signal }) => fetchJson<ServerListPage>(`/api/mcp-servers?${params}`, { signal }).then((body) => body.mcp_servers),
  });
}
