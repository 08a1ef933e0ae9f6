import { queryOptions } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";
import { PAGE_SIZE, toApiSearchParams, type ServerListFilters } from "./list-filters";
import { revisionsQuery as revisionsOf, serverRevisionTarget } from "./revision-queries";
import { environmentKeys, serverKeys } from "./server-keys";
import type {
  Environments,
  ResolvedServerResponse,
  ServerListPage,
  StoredServer,
  UsedBy,
  ValidationResult,
} from "./types";

const base = (name: string) => `/api/mcp-servers/${encodeURIComponent(name)}`;

/** Shared by the server-side prefetch (which swaps in a direct data call) and the hooks. */
export function serverListQuery(filters: ServerListFilters) {
  const params = toApiSearchParams(filters);
  params.set("limit", String(PAGE_SIZE));
  return queryOptions({
    queryKey: serverKeys.list(filters),
    queryFn: ({ signal }) => fetchJson<ServerListPage>(`/api/mcp-servers?${params}`, { signal }),
  });
}

/** The definition as stored (`?raw=true`): what the form edits and the detail page shows. */
export function serverQuery(name: string) {
  return queryOptions({
    queryKey: serverKeys.raw(name),
    queryFn: ({ signal }) => fetchJson<{ mcp_server: StoredServer }>(`${base(name)}?raw=true`, { signal }).then((body) => body.mcp_server),
  });
}

/** Resolved for `environment`, or for the registry's own environment when none is given. */
export function resolvedServerQuery(name: string, environment?: string) {
  const query = environment ? `?environment=${encodeURIComponent(environment)}` : "";
  return queryOptions({
    queryKey: serverKeys.resolved(name, environment ?? null),
    queryFn: ({ signal }) => fetchJson<ResolvedServerResponse>(`${base(name)}${query}`, { signal }),
  });
}

/** The server's history (the same query as the revision components', under the server's detail key). */
export const revisionsQuery = (name: string) => revisionsOf(serverRevisionTarget(name));

export function usedByQuery(name: string) {
  return queryOptions({
    queryKey: serverKeys.usedBy(name),
    queryFn: ({ signal }) => fetchJson<UsedBy>(`${base(name)}/used-by`, { signal }),
    retry: false,
  });
}

export function environmentsQuery() {
  return queryOptions({
    queryKey: environmentKeys.all,
    queryFn: ({ signal }) => fetchJson<Environments>("/api/environments", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function serverPath(name: string): string {
  return base(name);
}

export type ValidateBody = { environment?: string; parameters: Record<string, unknown> };

/** Validate is a POST but changes nothing, so it is cached like a read, keyed by its body. */
export function validationQuery(name: string, body: ValidateBody, revision: number) {
  return queryOptions({
    queryKey: serverKeys.validation(name, body, revision),
    queryFn: ({ signal }) => fetchJson<ValidationResult>(`${base(name)}/validate`, { method: "POST", json: body, signal }),
  });
}
