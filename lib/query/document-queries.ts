import { queryOptions } from "@tanstack/react-query";

import type { FieldError } from "../errors";
import { fetchJson } from "./fetch-json";

/** Capabilities and agents share one REST shape; only the collection and the body's key differ. */
export type DocumentKind = { collection: "capabilities" | "agents"; key: "capability" | "agent" };

export type DocumentResponse<T> = { document: T; warnings: FieldError[] };

export function documentKeys(kind: DocumentKind) {
  const all = [kind.collection] as const;
  return {
    all,
    lists: () => [...all, "list"] as const,
    list: (search: string) => [...all, "list", search] as const,
    detail: (name: string) => [...all, "detail", name] as const,
  };
}

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
