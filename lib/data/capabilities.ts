import type { Visibility } from "../auth/visibility";
import { maskInlineSecrets } from "../resolve/inline-secrets";
import { inlineWarnings } from "../resolve/references";
import { capabilityInputSchema, type CapabilityInput } from "../schemas/capability";
import type { DocumentListQuery } from "../schemas/document";
import { listDocuments } from "./document-list";
import { toCapabilitySummary } from "./document-summary";
import {
  createDocument,
  deleteDocument,
  getDocument,
  getDocumentRevision,
  listDocumentRevisions,
  patchDocument,
  replaceDocument,
  restoreDocumentRevision,
  type DocumentSpec,
} from "./documents";
import { serverTargetsOf } from "./references";
import type { WriteOptions } from "./servers";
import { findCapabilityUsers } from "./used-by";

export const capabilitySpec: DocumentSpec<CapabilityInput> = {
  kind: "capability",
  noun: "Capability",
  schema: capabilityInputSchema,
  targetsOf: (capability) => serverTargetsOf(capability.mcp_servers),
  usersOf: findCapabilityUsers,
};

/** Every single-capability response: the capability as stored, beside warnings for its inline configs. */
export function toCapabilityBody(capability: CapabilityInput, { canReadSecrets }: Visibility) {
  const remedy = `POST /api/capabilities/${capability.name}/adopt-inline moves it into the registry`;
  return { capability: canReadSecrets ? capability : maskInlineSecrets(capability), warnings: inlineWarnings(capability.mcp_servers, `capability ${capability.name}`, remedy) };
}

export async function listCapabilities(query: DocumentListQuery) {
  const { page, next_cursor } = await listDocuments<CapabilityInput>("capability", query);
  return { capabilities: page.map(toCapabilitySummary), next_cursor };
}

export async function getCapability(name: string) {
  const { id: _id, ...capability } = await getDocument(capabilitySpec, name);
  return capability;
}

export const createCapability = (input: CapabilityInput, options: WriteOptions) => createDocument(capabilitySpec, input, options);
export const replaceCapability = (name: string, input: CapabilityInput, options: WriteOptions) => replaceDocument(capabilitySpec, name, input, options);
export const patchCapability = (name: string, patch: Record<string, unknown>, options: WriteOptions) => patchDocument(capabilitySpec, name, patch, options);
export const deleteCapability = (name: string, options: WriteOptions & { force: boolean }) => deleteDocument(capabilitySpec, name, options);
export const listCapabilityRevisions = (name: string) => listDocumentRevisions(capabilitySpec, name);
export async function getCapabilityRevision(name: string, revision: number, { canReadSecrets }: Visibility) {
  const found = await getDocumentRevision(capabilitySpec, name, revision);
  return canReadSecrets ? found : { ...found, snapshot: maskInlineSecrets(found.snapshot) };
}
export const restoreCapabilityRevision = (name: string, revision: number, options: WriteOptions) =>
  restoreDocumentRevision(capabilitySpec, name, revision, options);
