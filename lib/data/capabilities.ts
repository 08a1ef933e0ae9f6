import type { Visibility } from "../auth/visibility";
import { maskInlineSecrets } from "../resolve/inline-secrets";
import { inlineWarnings } from "../resolve/references";
import { capabilityInputSchema, type CapabilityInput } from "../schemas/capability";
import type { DocumentListQuery } from "../schemas/document";
import { listDocuments } from "./document-list";
import { toCapabilitySummary } from "./document-summary";
import { documentOperations, documentSpec } from "./documents";
import { serverTargetsOf } from "./references";
import { findCapabilityUsers } from "./used-by";

export const capabilitySpec = documentSpec<CapabilityInput>({
  kind: "capability",
  noun: "Capability",
  schema: capabilityInputSchema,
  targetsOf: (capability) => serverTargetsOf(capability.mcp_servers),
  usersOf: findCapabilityUsers,
});

/** Every single-capability response: the capability as stored, beside warnings for its inline configs. */
export function toCapabilityBody(capability: CapabilityInput, { canReadSecrets }: Visibility) {
  const remedy = `POST /api/capabilities/${capability.name}/adopt-inline moves it into the registry`;
  return { capability: canReadSecrets ? capability : maskInlineSecrets(capability), warnings: inlineWarnings(capability.mcp_servers, `capability ${capability.name}`, remedy) };
}

export async function listCapabilities(query: DocumentListQuery) {
  const { page, next_cursor } = await listDocuments<CapabilityInput>("capability", query);
  return { capabilities: page.map(toCapabilitySummary), next_cursor };
}

export const {
  get: getCapability, create: createCapability, replace: replaceCapability, patch: patchCapability, remove: deleteCapability,
  listRevisions: listCapabilityRevisions, getRevision: getCapabilityRevision, restoreRevision: restoreCapabilityRevision,
} = documentOperations(capabilitySpec);
