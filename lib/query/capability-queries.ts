import type { CapabilitySummary, StoredCapability } from "../schemas/capability";
import { documentKeys, documentListQuery, documentQuery, type DocumentKind } from "./document-queries";

export const CAPABILITY: DocumentKind = { collection: "capabilities", key: "capability" };

/** Query keys for capabilities; invalidating `capabilityKeys.all` covers lists and details. */
export const capabilityKeys = documentKeys(CAPABILITY);

export const capabilityListQuery = (search: string) => documentListQuery<CapabilitySummary>(CAPABILITY, search);
export const capabilityQuery = (name: string) => documentQuery<StoredCapability>(CAPABILITY, name);
