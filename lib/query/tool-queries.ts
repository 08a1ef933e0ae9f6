"use client";

import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { z } from "zod";

import type { serverToolsSchema, toolListSchema } from "../schemas/tools";
import { fetchJson } from "./fetch-json";

export type ToolList = z.infer<typeof toolListSchema>;
export type ServerTools = z.infer<typeof serverToolsSchema>;
export type ToolFilters = { search?: string; server?: string; environment?: string; annotation?: string; cursor?: string };

export const toolKeys = {
  all: ["tools"] as const,
  catalog: (filters: ToolFilters) => [...toolKeys.all, "catalog", filters] as const,
  server: (name: string, environment?: string) => [...toolKeys.all, "server", name, environment ?? null] as const,
};

export const toolCatalogQuery = (filters: ToolFilters) =>
  queryOptions({
    queryKey: toolKeys.catalog(filters),
    queryFn: () => fetchJson<ToolList>(`/api/tools?${toSearch(filters)}`),
    placeholderData: keepPreviousData,
  });

export const serverToolsQuery = (name: string, environment?: string) =>
  queryOptions({
    queryKey: toolKeys.server(name, environment),
    queryFn: () => fetchJson<ServerTools>(`/api/mcp-servers/${encodeURIComponent(name)}/tools${environment ? `?environment=${encodeURIComponent(environment)}` : ""}`),
  });

function toSearch(filters: ToolFilters): string {
  const params = new URLSearchParams({ limit: "50" });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, value);
  return params.toString();
}
