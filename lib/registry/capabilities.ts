import type { CapabilityInput } from "../schemas/capability";
import { capabilityServerInputSchema } from "../schemas/capability-server";
import { toCapabilitySummary } from "./document-summary";
import { documentOperations, documentSpec } from "./documents";
import { serverTargetsOf } from "./references";
import { findCapabilityUsers } from "./used-by";

export const capabilitySpec = documentSpec<CapabilityInput>({
  kind: "capability",
  noun: "Capability",
  schema: capabilityServerInputSchema,
  targetsOf: (capability) => serverTargetsOf(capability.mcp_servers),
  usersOf: findCapabilityUsers,
});

/** `toCapabilityBody`: every single-capability response, the capability beside warnings for its inline configs. */
export const {
  get: getCapability, list: listCapabilities, toBody: toCapabilityBody,
  create: createCapability, replace: replaceCapability, patch: patchCapability, remove: deleteCapability,
  listRevisions: listCapabilityRevisions, getRevision: getCapabilityRevision, restoreRevision: restoreCapabilityRevision,
} = documentOperations(capabilitySpec, {
  key: "capability",
  listKey: "capabilities",
  toSummary: toCapabilitySummary,
  remedy: (name) => `POST /api/capabilities/${name}/adopt-inline moves it into the registry`,
});
