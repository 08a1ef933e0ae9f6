import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { z } from "zod";

import type { serverToolsSchema, toolListSchema } from "../schemas/tools";
import { pagedSearch, useWrite } from "./entity";
import { fetchJson } from "./fetch-json";
import { serverPath } from "./servers";
import type { ConnectionInput, ToolCallResult } from "./types";

export type ToolList = z.infer<typeof toolListSchema>;
export type ServerTools = z.infer<typeof serverToolsSchema>;
export type ToolFilters = { search?: string; server?: string; environment?: string; annotation?: string; cursor?: string };

export const toolKeys = {
  all: ["tools"] as const,
  catalogs: () => [...toolKeys.all, "catalog"] as const,
  catalog: (filters: ToolFilters) => [...toolKeys.catalogs(), filters] as const,
  /** One server's tools in every environment. */
  ofServer: (name: string) => [...toolKeys.all, "server", name] as const,
  server: (name: string, environment?: string) => [...toolKeys.ofServer(name), environment ?? null] as const,
};

export const toolCatalogQuery = (filters: ToolFilters) =>
  queryOptions({
    queryKey: toolKeys.catalog(filters),
    queryFn: () => fetchJson<ToolList>(`/api/tools?${pagedSearch(filters)}`),
    placeholderData: keepPreviousData,
  });

export const serverToolsQuery = (name: string, environment?: string) =>
  queryOptions({
    queryKey: toolKeys.server(name, environment),
    queryFn: () => fetchJson<ServerTools>(`${serverPath(name)}/tools${environment ? `?environment=${encodeURIComponent(environment)}` : ""}`),
  });

/** Pins the toolset the server has now in `environment`: drift is measured from it. */
export function usePinTools(name: string) {
  return useWrite(
    (environment: string | undefined) => fetchJson<unknown>(`${serverPath(name)}/tools/pin`, { method: "POST", json: { environment } }),
    (client) => client.invalidateQueries({ queryKey: toolKeys.all }),
  );
}

/** Calls one of the server's tools; nothing is cached, the result is the mutation's data. */
export function useCallTool(name: string) {
  return useWrite(({ tool, ...input }: ConnectionInput & { tool: string; arguments: Record<string, unknown> }) =>
    fetchJson<ToolCallResult>(`${serverPath(name)}/tools/${encodeURIComponent(tool)}/call`, { method: "POST", json: input }));
}
