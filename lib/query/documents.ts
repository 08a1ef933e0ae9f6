import { queryOptions } from "@tanstack/react-query";

import type { FieldError } from "../errors";
import type { EffectiveToolsBody } from "../schemas/effective-tools";
import type { TargetPrompts, TargetResources } from "../schemas/target-offerings";
import { entityKeys, forgetDeleted, ifMatch, invalidateAll, saveDefinition, useDeleteDefinition, useWrite, type Original } from "./entity";
import { fetchJson } from "./fetch-json";
import type { RevisionTarget } from "./revisions";
import { serverKeys } from "./servers";

/** Capabilities and agents share one REST shape; only the collection and the body's key differ. */
export type DocumentKind = { collection: "capabilities" | "agents"; key: "capability" | "agent" };

export type DocumentResponse<T> = { document: T; warnings: FieldError[] };

export const documentKeys = (kind: DocumentKind) => entityKeys(kind.collection);

export function documentPath(kind: DocumentKind, name?: string): string {
  return name === undefined ? `/api/${kind.collection}` : `/api/${kind.collection}/${encodeURIComponent(name)}`;
}

export function documentListQuery<T>(kind: DocumentKind, search: string) {
  const params = new URLSearchParams({ limit: "200" });
  if (search) params.set("search", search);
  return queryOptions({
    queryKey: documentKeys(kind).list(search),
    queryFn: ({ signal }) =>
      fetchJson<Record<string, T[]>>(`${documentPath(kind)}?${params}`, { signal }).then((body) => body[kind.collection]),
  });
}

/** As stored (`?raw=true` also suits capabilities, which are never resolved on GET). */
export function documentQuery<T>(kind: DocumentKind, name: string) {
  return queryOptions({
    queryKey: documentKeys(kind).detail(name),
    queryFn: ({ signal }) =>
      fetchJson<Record<string, unknown>>(`${documentPath(kind, name)}?raw=true`, { signal }).then(
        (body): DocumentResponse<T> => ({ document: body[kind.key] as T, warnings: (body.warnings as FieldError[]) ?? [] }),
      ),
  });
}

/** GET …/{name}/tools of a capability or agent; under its detail key, so saves and deletes refresh it. */
export function effectiveToolsQuery(kind: DocumentKind, name: string) {
  return queryOptions({
    queryKey: [...documentKeys(kind).detail(name), "tools"] as const,
    queryFn: ({ signal }) => fetchJson<EffectiveToolsBody>(`${documentPath(kind, name)}/tools`, { signal }),
    retry: false,
  });
}

/**
 * GET …/{name}/prompts or …/resources of a capability or agent: asked of its servers on each fetch (each spends the
 * test budget), so kept a minute and not refetched on focus; under its detail key, so saves refresh it.
 */
export function targetOfferingsQuery<L extends "prompts" | "resources">(kind: DocumentKind, name: string, list: L) {
  return queryOptions({
    queryKey: [...documentKeys(kind).detail(name), list] as const,
    queryFn: ({ signal }) => fetchJson<L extends "prompts" ? TargetPrompts : TargetResources>(`${documentPath(kind, name)}/${list}`, { signal }),
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

export function documentRevisionTarget(kind: DocumentKind, name: string): RevisionTarget {
  return { noun: kind.key, path: documentPath(kind, name), detailKey: documentKeys(kind).detail(name), allKey: documentKeys(kind).all };
}

/** POST a new capability or agent, or PUT over `original` with If-Match on the revision the form was opened at. */
export function useSaveDocument(kind: DocumentKind) {
  return useWrite(
    ({ input, original }: { input: Record<string, unknown>; original?: Original }) =>
      saveDefinition<Record<string, Original>>(documentPath(kind), (name) => documentPath(kind, name), input, original).then((body) => body[kind.key]),
    (client) => client.invalidateQueries({ queryKey: documentKeys(kind).all }),
  );
}

/** DELETE with If-Match; a 409 (an agent still uses the capability) comes back carrying `used_by`. */
export function useDeleteDocument(kind: DocumentKind, name: string) {
  return useDeleteDefinition(documentPath(kind, name), (client) => forgetDeleted(client, documentKeys(kind).detail(name), documentKeys(kind).lists()));
}

/** POST …/adopt-inline (capability or agent): every inline config becomes a registry server and its reference names it (If-Match). */
export function useAdoptInline(kind: DocumentKind, name: string) {
  return useWrite(
    (revision: number) => fetchJson<{ created: string[] }>(`${documentPath(kind, name)}/adopt-inline`, { method: "POST", headers: ifMatch(revision) }),
    (client) => invalidateAll(client, documentKeys(kind).all, serverKeys.all),
  );
}
