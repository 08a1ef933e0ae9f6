import { queryOptions } from "@tanstack/react-query";

import type { SyncStatus } from "../schemas/sync";
import { fetchJson } from "./fetch-json";

export const syncKeys = { status: ["sync", "status"] as const };

/** Sync runs in the background: the panel re-reads its status every few seconds. */
const REFRESH_MS = 5_000;

export function syncStatusQuery() {
  return queryOptions({
    queryKey: syncKeys.status,
    queryFn: ({ signal }) => fetchJson<SyncStatus>("/api/sync", { signal }),
    refetchInterval: REFRESH_MS,
  });
}
