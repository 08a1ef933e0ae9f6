import { deleteAgentOperation, getAgentOperation, patchAgentOperation, replaceAgentOperation } from "@/lib/api/agents";
import { deleteAgent, getRawAgent, patchAgent, replaceAgent, toAgentBody } from "@/lib/data/agents";
import { resolveAgent } from "@/lib/data/blueprints";
import { cachedJson } from "@/lib/http/cached-json";
import { deleteHandler, writeHandler } from "@/lib/http/document-handlers";
import { resolvedEtag, storedEtag } from "@/lib/http/read-etags";
import { route } from "@/lib/http/route";

/** GET /api/agents/:name — the blueprint for ?environment= (422 when unresolvable), or as stored with ?raw=true; from the read model. */
export const GET = route(getAgentOperation, async ({ request, params, query, visibility }) =>
  cachedJson(request, {
    key: JSON.stringify(["agent", params.name, query.raw ? "raw" : query.environment ?? null, visibility.canReadSecrets]),
    scopes: ["definitions"],
    make: async () => {
      if (query.raw) {
        const agent = await getRawAgent(params.name);
        return { body: toAgentBody(agent, visibility), etag: () => storedEtag(agent.revision, visibility) };
      }
      const { body, revision, boundByHealth } = await resolveAgent(params.name, { environment: query.environment }, visibility);
      return { body, etag: (text) => resolvedEtag(revision, visibility, text), alsoStaleOn: boundByHealth ? ["health"] : [] };
    },
  }));

/** PUT /api/agents/:name — full replace; 412 on a stale If-Match. */
export const PUT = route(replaceAgentOperation, writeHandler(replaceAgent, toAgentBody));

/** PATCH /api/agents/:name — JSON merge patch; 412 on a stale If-Match. */
export const PATCH = route(patchAgentOperation, writeHandler(patchAgent, toAgentBody));

/** DELETE /api/agents/:name */
export const DELETE = route(deleteAgentOperation, deleteHandler(deleteAgent));
