import {
  deleteCapabilityOperation,
  getCapabilityOperation,
  patchCapabilityOperation,
  replaceCapabilityOperation,
} from "@/lib/api/capabilities";
import { deleteCapability, getCapability, patchCapability, replaceCapability, toCapabilityBody } from "@/lib/data/capabilities";
import { deleteHandler, writeHandler } from "@/lib/http/document-handlers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name — as stored. */
export const GET = route(getCapabilityOperation, async ({ params, visibility }) => {
  const capability = await getCapability(params.name);
  return json(toCapabilityBody(capability, visibility), { revision: capability.revision });
});

/** PUT /api/capabilities/:name — full replace; 412 on a stale If-Match, 409 renaming one that agents use. */
export const PUT = route(replaceCapabilityOperation, writeHandler(replaceCapability, toCapabilityBody));

/** PATCH /api/capabilities/:name — JSON merge patch; 412 on a stale If-Match. */
export const PATCH = route(patchCapabilityOperation, writeHandler(patchCapability, toCapabilityBody));

/** DELETE /api/capabilities/:name — 409 with used_by while agents use it, unless ?force=true. */
export const DELETE = route(deleteCapabilityOperation, deleteHandler(deleteCapability));
