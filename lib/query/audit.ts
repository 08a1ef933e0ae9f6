"use client";

import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";

export type AuditEntry = { id: number; entity_type: "server" | "capability" | "agent"; name: string; revision: number; action: string; actor: string; at: string };
export type AuditFilters = { entity_type?: string; action?: string; actor?: string; name?: string; before?: number };

export const auditKeys = { all: ["audit"] as const, list: (filters: AuditFilters) => [...auditKeys.all, filters] as const };

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: () => fetchJson<{ entries: AuditEntry[]; next_before: number | null }>(`/api/audit?${toSearch(filters)}`),
    placeholderData: keepPreviousData,
  });

function toSearch(filters: AuditFilters): string {
  const params = new URLSearchParams({ limit: "50" });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, String(value));
  return params.toString();
}
