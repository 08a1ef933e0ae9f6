/** The plumbing every entity's query file shares: its cache keys, and the one shape of a write. */
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";

/**
 * The keys every entity's cache entries hang under; invalidating a prefix (`all`, `detail(name)`) covers all
 * below it. `ListArg` is what one list is keyed by (a search, the server list's filters).
 */
export function entityKeys<ListArg = string>(root: string) {
  const all = [root] as const;
  return {
    all,
    lists: () => [...all, "list"] as const,
    list: (arg: ListArg) => [...all, "list", arg] as const,
    details: () => [...all, "detail"] as const,
    detail: (name: string) => [...all, "detail", name] as const,
    usedBy: (name: string) => [...all, "detail", name, "used-by"] as const,
  };
}

/**
 * The one shape of every write: call the API, then bring the cache up to date with `refresh` (what it
 * returns is awaited, so a caller that awaits the mutation sees fresh lists). Errors come back as ApiProblemError.
 */
export function useWrite<Args, Result>(
  mutationFn: (args: Args) => Promise<Result>,
  refresh?: (client: QueryClient, result: Result, args: Args) => unknown,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: refresh && ((result: Result, args: Args) => refresh(client, result, args)) });
}

/** Invalidates every prefix given (awaited together). */
export function invalidateAll(client: QueryClient, ...keys: (readonly unknown[])[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Optimistic concurrency: the write lands only over `revision` (else 412); none sends no precondition. */
export function ifMatch(revision: number | undefined): Record<string, string> {
  return revision === undefined ? {} : { "If-Match": `"${revision}"` };
}

/** The definition as it was when its form opened: what a save replaces. */
export type Original = { name: string; revision: number };

/** POST a new definition to `collection`, or PUT it over `original` (at `itemPath(original.name)`, If-Match). */
export function saveDefinition<T>(collection: string, itemPath: (name: string) => string, input: unknown, original?: Original): Promise<T> {
  return fetchJson<T>(original ? itemPath(original.name) : collection, {
    method: original ? "PUT" : "POST",
    json: input,
    headers: ifMatch(original?.revision),
  });
}

export type DeleteArgs = { revision: number; force?: boolean };

/**
 * DELETE `path` over `revision` (If-Match); a 409 (still used) comes back as ApiProblemError carrying
 * `used_by`, then `force` deletes anyway. `refresh` brings the cache up to date.
 */
export function useDeleteDefinition(path: string, refresh: (client: QueryClient) => unknown) {
  return useWrite(
    ({ revision, force = false }: DeleteArgs) =>
      fetchJson<void>(`${path}${force ? "?force=true" : ""}`, { method: "DELETE", headers: ifMatch(revision) }),
    refresh,
  );
}

/**
 * What a delete does to the cache: the deleted entry is marked stale without a refetch (the page showing it is
 * about to leave, and a refetch would only 404); the lists re-read.
 */
export function forgetDeleted(client: QueryClient, detailKey: readonly unknown[], listsKey: readonly unknown[]): Promise<unknown> {
  void client.invalidateQueries({ queryKey: detailKey, refetchType: "none" });
  return client.invalidateQueries({ queryKey: listsKey });
}

/** The query string of a filtered list read 50 at a time (the tool catalog, the audit log): empty filters are left out. */
export function pagedSearch(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams({ limit: "50" });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, value);
  return params.toString();
}
