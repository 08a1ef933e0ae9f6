import { queryOptions } from "@tanstack/react-query";

import type { EffectiveToolsBody } from "../schemas/effective-tools";
import { documentKeys, documentPath, type DocumentKind } from "./document-queries";
import { fetchJson } from "./fetch-json";

/** GET …/{name}/tools of a capability or agent; under its detail key, so saves and deletes refresh it. */
export function effectiveToolsQuery(kind: DocumentKind, name: string) {
  return queryOptions({
    queryKey: [...documentKeys(kind).detail(name), "tools"] as const,
    queryFn: ({ signal }) => fetchJson<EffectiveToolsBody>(`${documentPath(kind, name)}/tools`, { signal }),
    retry: false,
  });
}
