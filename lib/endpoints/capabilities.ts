import { adoptInlineOperation, capabilityToolsOperation, capabilityUsedByOperation, createCapabilityOperation, deleteCapabilityOperation, exportCapabilityOperation, getCapabilityOperation, getCapabilityRevisionOperation, listCapabilitiesOperation, listCapabilityRevisionsOperation, patchCapabilityOperation, replaceCapabilityOperation, restoreCapabilityRevisionOperation, capabilityPromptsOperation, capabilityResourcesOperation } from "../api/capabilities";
import { visibilityKey } from "../auth/visibility";
import { adoptInlineConfigs } from "../registry/adopt-inline";
import { createCapability, deleteCapability, getCapability, getCapabilityRevision, listCapabilities, listCapabilityRevisions, patchCapability, replaceCapability, restoreCapabilityRevision, toCapabilityBody } from "../registry/capabilities";
import { exportCapabilityUnified } from "../registry/capability-export";
import { getCapabilityTools } from "../registry/effective-tools";
import { getCapabilityUsedBy } from "../registry/used-by";
import { getTargetPrompts, getTargetResources } from "../gateway/target-offerings";
import { connectionPerson } from "../oauth/oauth-store";
import { cachedJson, cachedRead } from "../http/cached-json";
import { createHandler, deleteHandler, restoreHandler, writeHandler } from "../http/document-handlers";
import { storedEtag } from "../http/read-etags";
import { json } from "../http/responses";
import { route } from "../http/route";

/** POST /api/capabilities/:name/adopt-inline — inline configs become registry servers, one transaction. */
export const adoptInlineHandler = route(adoptInlineOperation, async ({ params, ifMatch, actor, visibility }) => {
  const { capability, created } = await adoptInlineConfigs(params.name, { ifMatch, actor });
  return json({ ...toCapabilityBody(capability, visibility), created }, { revision: capability.revision });
});

/** GET /api/capabilities/:name/export?format=unified — a seed 004 unified registry (literal secrets masked below admin). */
export const exportCapabilityHandler = route(exportCapabilityOperation, async ({ params, visibility }) => json(await exportCapabilityUnified(params.name, visibility)));

/** POST /api/capabilities/:name/revisions/:n/restore — a new revision equal to n. */
export const restoreCapabilityRevisionHandler = route(restoreCapabilityRevisionOperation, restoreHandler(restoreCapabilityRevision, toCapabilityBody));

/** GET /api/capabilities/:name/revisions/:n — one revision with its snapshot. */
export const getCapabilityRevisionHandler = route(getCapabilityRevisionOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["capabilities", params.name, "revisions", params.n], visibility, async () => ({ revision: await getCapabilityRevision(params.name, params.n, visibility) })));

/** GET /api/capabilities/:name/revisions — newest first. */
export const listCapabilityRevisionsHandler = route(listCapabilityRevisionsOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["capabilities", params.name, "revisions"], visibility, async () => ({ revisions: await listCapabilityRevisions(params.name) })));

/** GET /api/capabilities/:name — as stored; from the read model. */
export const getCapabilityHandler = route(getCapabilityOperation, async ({ request, params, visibility }) =>
  cachedJson(request, {
    key: JSON.stringify(["capability", params.name, visibilityKey(visibility)]),
    scopes: ["definitions"],
    make: async () => {
      const capability = await getCapability(params.name);
      return { body: toCapabilityBody(capability, visibility), etag: () => storedEtag(capability.revision, visibility) };
    },
  }));

/** PUT /api/capabilities/:name — full replace; 412 on a stale If-Match, 409 renaming one that agents use. */
export const replaceCapabilityHandler = route(replaceCapabilityOperation, writeHandler(replaceCapability, toCapabilityBody));

/** PATCH /api/capabilities/:name — JSON merge patch; 412 on a stale If-Match. */
export const patchCapabilityHandler = route(patchCapabilityOperation, writeHandler(patchCapability, toCapabilityBody));

/** DELETE /api/capabilities/:name — 409 with used_by while agents use it, unless ?force=true. */
export const deleteCapabilityHandler = route(deleteCapabilityOperation, deleteHandler(deleteCapability));

/** GET /api/capabilities/:name/tools — the effective tools with their origin. */
export const capabilityToolsHandler = route(capabilityToolsOperation, async ({ params, query }) => json(await getCapabilityTools(params.name, query.environment)));

/** GET /api/capabilities/:name/used-by — the agents that use it. */
export const capabilityUsedByHandler = route(capabilityUsedByOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["capabilities", params.name, "used-by"], visibility, () => getCapabilityUsedBy(params.name)));

/** GET /api/capabilities — summaries, filtered and paged. */
export const listCapabilitiesHandler = route(listCapabilitiesOperation, async ({ request, query, visibility }) =>
  cachedRead(request, ["capabilities", query], visibility, () => listCapabilities(query)));

/** POST /api/capabilities — create; 409 when the name is taken, 422 for an unknown server. */
export const createCapabilityHandler = route(createCapabilityOperation, createHandler(createCapability, toCapabilityBody, "/api/capabilities"));

/** GET /api/capabilities/:name/prompts — what its gateway lists, asked of its servers now (never cached: they answer). */
export const capabilityPromptsHandler = route(capabilityPromptsOperation, async ({ request, params, query, principal }) =>
  json(await getTargetPrompts({ kind: "capability", name: params.name }, query.environment, connectionPerson(principal), request.signal)));

/** GET /api/capabilities/:name/resources — the resources and templates its gateway lists, asked of its servers now. */
export const capabilityResourcesHandler = route(capabilityResourcesOperation, async ({ request, params, query, principal }) =>
  json(await getTargetResources({ kind: "capability", name: params.name }, query.environment, connectionPerson(principal), request.signal)));
