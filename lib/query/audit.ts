import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { AuditEntry } from "../schemas/audit";
import { pagedSearch } from "./entity";
import { fetchJson } from "./fetch-json";

export type { AuditEntry };
export type AuditFilters = { entity_type?: string; action?: string; actor?: string; name?: string; cursor?: string };

export const auditKeys = { all: ["audit"] as const, list: (filters: AuditFilters) => [...auditKeys.all, filters] as const };

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: () => fetchJson<{ entries: AuditEntry[]; next_cursor: string | null }>(`/api/audit?${pagedSearch(filters)}`),
    placeholderData: keepPreviousData,
  });

/** The audit log filtered to one definition's entries: what is left to see of it once it is deleted. */
export function auditTrailHref(entityType: string, name: string): string {
  return `/audit?${new URLSearchParams({ entity_type: entityType, name })}`;
}
