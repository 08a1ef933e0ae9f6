import { adoptAgentInlineOperation, agentToolsOperation, blueprintOperation, createAgentOperation, deleteAgentOperation, getAgentOperation, getAgentRevisionOperation, listAgentRevisionsOperation, listAgentsOperation, patchAgentOperation, replaceAgentOperation, restoreAgentRevisionOperation, agentPromptsOperation, agentResourcesOperation } from "../api/agents";
import { adoptAgentInlineConfigs } from "../registry/adopt-inline";
import { agentResolution } from "../registry/agent-resolution";
import { createAgent, deleteAgent, getAgentRevision, getRawAgent, listAgentRevisions, listAgents, patchAgent, replaceAgent, restoreAgentRevision, toAgentBody } from "../registry/agents";
import { visibilityKey, type Visibility } from "../auth/visibility";
import { withSharedAuthorization } from "../oauth/blueprint-authorization";
import { connectionPerson } from "../oauth/oauth-store";
import { resolveAgent } from "../registry/blueprints";
import { getAgentTools } from "../registry/effective-tools";
import { getTargetPrompts, getTargetResources } from "../gateway/target-offerings";
import { cachedJson, cachedRead } from "../http/cached-json";
import { createHandler, deleteHandler, restoreHandler, writeHandler } from "../http/document-handlers";
import { resolvedEtag, storedEtag } from "../http/read-etags";
import { json } from "../http/responses";
import { route } from "../http/route";
import { bodyKey } from "../read-model/body-key";
import { toClientFile } from "../resolve/client-file";

/** The blueprint with its servers' shared OAuth connections as their Authorization (DESIGN §17), fresh until the soonest is due. */
async function resolveWithOAuth(name: string, request: Parameters<typeof resolveAgent>[1], visibility: Visibility, origin: string) {
  const resolved = await resolveAgent(name, request, visibility, origin);
  if (Object.keys(resolved.sharedOAuth).length === 0) return { ...resolved, freshUntil: undefined };
  const { body } = resolved;
  const { configs, freshUntil } = await withSharedAuthorization(body.agent.mcp_servers, resolved.sharedOAuth, body.environment, visibility.canReadBlueprintSecrets);
  return { ...resolved, body: { ...body, agent: { ...body.agent, mcp_servers: configs } }, freshUntil };
}

/** POST /api/agents/:name/adopt-inline — the agent's inline configs become registry servers, one transaction. */
export const adoptAgentInlineHandler = route(adoptAgentInlineOperation, async ({ params, ifMatch, actor, visibility }) => {
  const { agent, created } = await adoptAgentInlineConfigs(params.name, { ifMatch, actor });
  return json({ ...toAgentBody(agent, visibility), created }, { revision: agent.revision });
});

/** POST /api/agents/:name/blueprint — the blueprint with run-time parameters and context, or a client's config file; from the read model. */
export const blueprintHandler = route(blueprintOperation, async ({ request, params, query, body, visibility }) =>
  cachedJson(request, {
    key: JSON.stringify(["blueprint", params.name, query.format ?? null, visibilityKey(visibility), bodyKey(body), new URL(request.url).origin]),
    scopes: ["definitions"],
    make: async () => {
      const { body: blueprint, revision, boundByHealth, freshUntil } = await resolveWithOAuth(params.name, body, visibility, new URL(request.url).origin);
      const answer = query.format ? toClientFile(query.format, blueprint.agent.mcp_servers) : blueprint;
      return { body: answer, etag: (text) => resolvedEtag(revision, visibility, text), alsoStaleOn: boundByHealth ? ["health"] : [], freshUntil };
    },
  }));

/** POST /api/agents/:name/revisions/:n/restore — a new revision equal to n. */
export const restoreAgentRevisionHandler = route(restoreAgentRevisionOperation, restoreHandler(restoreAgentRevision, toAgentBody));

/** GET /api/agents/:name/revisions/:n — one revision with its snapshot. */
export const getAgentRevisionHandler = route(getAgentRevisionOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["agents", params.name, "revisions", params.n], visibility, async () => ({ revision: await getAgentRevision(params.name, params.n, visibility) })));

/** GET /api/agents/:name/revisions — newest first. */
export const listAgentRevisionsHandler = route(listAgentRevisionsOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["agents", params.name, "revisions"], visibility, async () => ({ revisions: await listAgentRevisions(params.name) })));

/** GET /api/agents/:name — the blueprint for ?environment= (422 when unresolvable), or as stored with ?raw=true; from the read model. */
export const getAgentHandler = route(getAgentOperation, async ({ request, params, query, visibility }) =>
  cachedJson(request, {
    key: JSON.stringify(["agent", params.name, query.raw ? "raw" : query.environment ?? null, visibilityKey(visibility), new URL(request.url).origin]),
    scopes: ["definitions"],
    make: async () => {
      if (query.raw) {
        const agent = await getRawAgent(params.name);
        return { body: toAgentBody(agent, visibility), etag: () => storedEtag(agent.revision, visibility) };
      }
      const { body, revision, boundByHealth, freshUntil } = await resolveWithOAuth(params.name, { environment: query.environment }, visibility, new URL(request.url).origin);
      return { body, etag: (text) => resolvedEtag(revision, visibility, text), alsoStaleOn: boundByHealth ? ["health"] : [], freshUntil };
    },
  }));

/** PUT /api/agents/:name — full replace; 412 on a stale If-Match. */
export const replaceAgentHandler = route(replaceAgentOperation, writeHandler(replaceAgent, toAgentBody));

/** PATCH /api/agents/:name — JSON merge patch; 412 on a stale If-Match. */
export const patchAgentHandler = route(patchAgentOperation, writeHandler(patchAgent, toAgentBody));

/** DELETE /api/agents/:name */
export const deleteAgentHandler = route(deleteAgentOperation, deleteHandler(deleteAgent));

/** GET /api/agents/:name/tools — the union of its capabilities' and its own references' tools, with their origin. */
export const agentToolsHandler = route(agentToolsOperation, async ({ params, query }) => json(await getAgentTools(params.name, query.environment)));

/** GET /api/agents — summaries, filtered and paged, each saying whether it resolves (the list shows which do not). */
export const listAgentsHandler = route(listAgentsOperation, async ({ request, query, visibility }) =>
  cachedRead(request, ["agents", query], visibility, async () => {
    const page = await listAgents(query);
    return { ...page, agents: await Promise.all(page.agents.map(async (agent) => ({ ...agent, resolution: await agentResolution(agent.name) }))) };
  }));

/** POST /api/agents — create; 409 when the name is taken, 422 for an unknown capability or server. */
export const createAgentHandler = route(createAgentOperation, createHandler(createAgent, toAgentBody, "/api/agents"));

/** GET /api/agents/:name/prompts — what its gateway lists, asked of its servers now (never cached: they answer). */
export const agentPromptsHandler = route(agentPromptsOperation, async ({ request, params, query, principal }) =>
  json(await getTargetPrompts({ kind: "agent", name: params.name }, query.environment, connectionPerson(principal), request.signal)));

/** GET /api/agents/:name/resources — the resources and templates its gateway lists, asked of its servers now. */
export const agentResourcesHandler = route(agentResourcesOperation, async ({ request, params, query, principal }) =>
  json(await getTargetResources({ kind: "agent", name: params.name }, query.environment, connectionPerson(principal), request.signal)));
