import { deleteAgentOperation, getAgentOperation, patchAgentOperation, replaceAgentOperation } from "@/lib/api/agents";
import { deleteAgent, getRawAgent, patchAgent, replaceAgent, toAgentBody } from "@/lib/data/agents";
import { resolveAgent } from "@/lib/data/blueprints";
import { deleteHandler, writeHandler } from "@/lib/http/document-handlers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/agents/:name — the blueprint for ?environment= (422 when unresolvable), or as stored with ?raw=true. */
export const GET = route(getAgentOperation, async ({ params, query, visibility }) => {
  if (query.raw) {
    const agent = await getRawAgent(params.name);
    return json(toAgentBody(agent, visibility), { revision: agent.revision });
  }
  const { body, revision } = await resolveAgent(params.name, { environment: query.environment }, visibility);
  return json(body, { revision });
});

/** PUT /api/agents/:name — full replace; 412 on a stale If-Match. */
export const PUT = route(replaceAgentOperation, writeHandler(replaceAgent, toAgentBody));

/** PATCH /api/agents/:name — JSON merge patch; 412 on a stale If-Match. */
export const PATCH = route(patchAgentOperation, writeHandler(patchAgent, toAgentBody));

/** DELETE /api/agents/:name */
export const DELETE = route(deleteAgentOperation, deleteHandler(deleteAgent));
