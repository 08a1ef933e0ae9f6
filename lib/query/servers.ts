import { queryOptions, type QueryClient } from "@tanstack/react-query";

import type { ReferenceRow } from "../forms/reference-rows";
import type { NameAvailability } from "../schemas/name-availability";
import type { ServerInput } from "../schemas/server";
import { entityKeys, forgetDeleted, saveDefinition, useDeleteDefinition, useWrite, type Original } from "./entity";
import { fetchJson } from "./fetch-json";
import { PAGE_SIZE, toApiSearchParams, type ServerListFilters } from "./list-filters";
import { revisionsQuery as revisionsOf, type RevisionTarget } from "./revisions";
import type { Environments, ResolvedServerResponse, ServerListPage, StoredServer, UsedBy, ValidationResult } from "./types";

const serverEntity = entityKeys<ServerListFilters>("servers");

/** Query keys for servers; invalidating a prefix (`serverKeys.all`, `serverKeys.detail(name)`) covers all below it. */
export const serverKeys = {
  ...serverEntity,
  raw: (name: string) => [...serverEntity.detail(name), "raw"] as const,
  resolved: (name: string, environment: string | null) => [...serverEntity.detail(name), "resolved", environment] as const,
  /** The revision too: an edit elsewhere makes the same parameters worth asking about again. */
  validation: (name: string, body: unknown, revision: number) => [...serverEntity.detail(name), "validate", revision, body] as const,
  picker: (search: string) => [...serverEntity.lists(), "picker", search] as const,
  nameCheck: (name: string) => [...serverEntity.all, "name-check", name] as const,
  fleet: () => [...serverEntity.all, "overview"] as const,
};

export const environmentKeys = { all: ["environments"] as const };

const SERVERS_PATH = "/api/mcp-servers";
const PICKER_LIMIT = 20;

const FLEET_LIMIT = 1000;

/** The whole fleet (up to 1000 servers) with each one's health, for the overview; refreshed every 30 s. */
export function fleetQuery() {
  return queryOptions({
    queryKey: serverKeys.fleet(),
    queryFn: ({ signal }) => fetchJson<ServerListPage>(`${SERVERS_PATH}?limit=${FLEET_LIMIT}`, { signal }),
    refetchInterval: 30_000,
  });
}

export function serverPath(name: string): string {
  return `${SERVERS_PATH}/${encodeURIComponent(name)}`;
}

/** Shared by the server-side prefetch (which swaps in a direct data call) and the hooks. */
export function serverListQuery(filters: ServerListFilters) {
  const params = toApiSearchParams(filters);
  params.set("limit", String(PAGE_SIZE));
  return queryOptions({
    queryKey: serverKeys.list(filters),
    queryFn: ({ signal }) => fetchJson<ServerListPage>(`${SERVERS_PATH}?${params}`, { signal }),
  });
}

/** The reference picker's search: the first 20 servers matching, under the servers' list prefix. */
export function serverSearchQuery(search: string) {
  const params = new URLSearchParams({ search, limit: String(PICKER_LIMIT) });
  return queryOptions({
    queryKey: serverKeys.picker(search),
    queryFn: ({ signal }) => fetchJson<ServerListPage>(`${SERVERS_PATH}?${params}`, { signal }).then((body) => body.mcp_servers),
  });
}

/** The definition as stored (`?raw=true`): what the form edits and the detail page shows. */
export function serverQuery(name: string) {
  return queryOptions({
    queryKey: serverKeys.raw(name),
    queryFn: ({ signal }) => fetchJson<{ mcp_server: StoredServer }>(`${serverPath(name)}?raw=true`, { signal }).then((body) => body.mcp_server),
  });
}

/** Resolved for `environment`, or for the registry's own environment when none is given. */
export function resolvedServerQuery(name: string, environment?: string) {
  const query = environment ? `?environment=${encodeURIComponent(environment)}` : "";
  return queryOptions({
    queryKey: serverKeys.resolved(name, environment ?? null),
    queryFn: ({ signal }) => fetchJson<ResolvedServerResponse>(`${serverPath(name)}${query}`, { signal }),
  });
}

/** Anything with a revision history names its path and keys; this is a server's. */
export function serverRevisionTarget(name: string): RevisionTarget {
  return { noun: "server", path: serverPath(name), detailKey: serverKeys.detail(name), allKey: serverKeys.all };
}

/** The server's history (the same query as the revision components', under the server's detail key). */
export const serverRevisionsQuery = (name: string) => revisionsOf(serverRevisionTarget(name));

export function usedByQuery(name: string) {
  return queryOptions({
    queryKey: serverKeys.usedBy(name),
    queryFn: ({ signal }) => fetchJson<UsedBy>(`${serverPath(name)}/used-by`, { signal }),
    retry: false,
  });
}

/** May a new server take `name`? (200 either way, so no failed request is logged); `true` when it may. */
export function nameAvailabilityQuery(name: string) {
  return queryOptions({
    queryKey: serverKeys.nameCheck(name),
    queryFn: ({ signal }) => fetchJson<NameAvailability>(`${serverPath(name)}/availability`, { signal }).then((answer) => answer.available),
    staleTime: 5_000,
  });
}

export type ValidateBody = { environment?: string; parameters: Record<string, unknown> };

/** Validate is a POST but changes nothing, so it is cached like a read, keyed by its body. */
export function validationQuery(name: string, body: ValidateBody, revision: number) {
  return queryOptions({
    queryKey: serverKeys.validation(name, body, revision),
    queryFn: ({ signal }) => fetchJson<ValidationResult>(`${serverPath(name)}/validate`, { method: "POST", json: body, signal }),
  });
}

/**
 * The aliases whose parameters the registry's validate refuses (POST /api/mcp-servers/{name}/validate, the
 * server's own schema), asked now with the values as they are — cached answers reused. A server that can not
 * be loaded is left to the save, which names it.
 */
export async function invalidReferences(client: QueryClient, rows: ReferenceRow[], environment: string | undefined): Promise<string[]> {
  const verdicts = await Promise.all(rows.map(async (row) => {
    if (row.server === null) return null;
    try {
      const server = await client.fetchQuery(serverQuery(row.server));
      const result = await client.fetchQuery(validationQuery(row.server, { environment, parameters: row.parameters }, server.revision));
      return result.valid ? null : row.alias;
    } catch {
      return null;
    }
  }));
  return verdicts.filter((alias): alias is string => alias !== null);
}

export function environmentsQuery() {
  return queryOptions({
    queryKey: environmentKeys.all,
    queryFn: ({ signal }) => fetchJson<Environments>("/api/environments", { signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST a new server, or PUT over `original` with If-Match on the revision the form was opened at. */
export function useSaveServer() {
  return useWrite(
    ({ input, original }: { input: ServerInput; original?: Original }) =>
      saveDefinition<{ mcp_server: StoredServer }>(SERVERS_PATH, serverPath, input, original).then((body) => body.mcp_server),
    (client, server, { original }) => {
      if (original && original.name !== server.name) client.removeQueries({ queryKey: serverKeys.detail(original.name) });
      client.setQueryData(serverKeys.raw(server.name), server);
      return client.invalidateQueries({ queryKey: serverKeys.all });
    },
  );
}

/** DELETE; a 409 (still referenced) comes back as ApiProblemError carrying `used_by`. */
export function useDeleteServer(name: string) {
  return useDeleteDefinition(serverPath(name), (client) => forgetDeleted(client, serverKeys.detail(name), serverKeys.lists()));
}
