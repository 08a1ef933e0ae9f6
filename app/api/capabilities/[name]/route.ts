import {
  deleteCapabilityOperation,
  getCapabilityOperation,
  patchCapabilityOperation,
  replaceCapabilityOperation,
} from "@/lib/api/capabilities";
import { deleteCapability, getCapability, patchCapability, replaceCapability, toCapabilityBody } from "@/lib/data/capabilities";
import { cachedJson } from "@/lib/http/cached-json";
import { deleteHandler, writeHandler } from "@/lib/http/document-handlers";
import { storedEtag } from "@/lib/http/read-etags";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name — as stored; from the read model. */
export const GET = route(getCapabilityOperation, async ({ request, params, visibility }) =>
  cachedJson(request, {
    key: JSON.stringify(["capability", params.name, visibility.canReadSecrets]),
    scopes: ["definitions"],
    make: async () => {
      const capability = await getCapability(params.name);
      return { body: toCapabilityBody(capability, visibility), etag: () => storedEtag(capability.revision, visibility) };
    },
  }));

/** PUT /api/capabilities/:name — full replace; 412 on a stale If-Match, 409 renaming one that agents use. */
export const PUT = route(replaceCapabilityOperation, writeHandler(replaceCapability, toCapabilityBody));

/** PATCH /api/capabilities/:name — JSON merge patch; 412 on a stale If-Match. */
export const PATCH = route(patchCapabilityOperation, writeHandler(patchCapability, toCapabilityBody));

/** DELETE /api/capabilities/:name — 409 with used_by while agents use it, unless ?force=true. */
export const DELETE = route(deleteCapabilityOperation, deleteHandler(deleteCapability));
