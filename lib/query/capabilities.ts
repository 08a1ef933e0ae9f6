import { queryOptions } from "@tanstack/react-query";

import type { CapabilitySummary, StoredCapability } from "../schemas/capability";
import { documentKeys, documentListQuery, documentPath, documentQuery, type DocumentKind } from "./documents";
import { fetchJson } from "./fetch-json";
import type { UsedBy } from "./types";

export const CAPABILITY: DocumentKind = { collection: "capabilities", key: "capability" };

/** Query keys for capabilities; invalidating `capabilityKeys.all` covers lists and details. */
export const capabilityKeys = documentKeys(CAPABILITY);

export const capabilityListQuery = (search: string) => documentListQuery<CapabilitySummary>(CAPABILITY, search);
export const capabilityQuery = (name: string) => documentQuery<StoredCapability>(CAPABILITY, name);

/** The agents that use the capability; under its detail key, so saves and deletes refresh it. */
export function capabilityUsedByQuery(name: string) {
  return queryOptions({
    queryKey: capabilityKeys.usedBy(name),
    queryFn: ({ signal }) => fetchJson<UsedBy>(`${documentPath(CAPABILITY, name)}/used-by`, { signal }),
    retry: false,
  });
}
