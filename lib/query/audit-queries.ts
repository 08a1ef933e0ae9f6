"use client";

import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";

import type { AuditEntry } from "../schemas/audit";

export type { AuditEntry };
export type AuditFilters = { entity_type?: string; action?: string; actor?: string; name?: string; cursor?: string };

export const auditKeys = { all: ["audit"] as const, list: (filters: AuditFilters) => [...auditKeys.all, filters] as const };

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: () => fetchJson<{ entries: AuditEntry[]; next_cursor: string | null }>(`/api/audit?${toSearch(filters)}`),
    placeholderData: keepPreviousData,
  });

function toSearch(filters: AuditFilters): string {
  const params = new URLSearchParams({ limit: "50" });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, String(value));
  return params.toString();
}
