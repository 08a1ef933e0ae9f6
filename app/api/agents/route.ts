import { createAgentOperation, listAgentsOperation } from "@/lib/api/agents";
import { agentResolution } from "@/lib/data/agent-resolution";
import { createAgent, listAgents, toAgentBody } from "@/lib/data/agents";
import { createHandler } from "@/lib/http/document-handlers";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/agents — summaries, filtered and paged, each saying whether it resolves (the list shows which do not). */
export const GET = route(listAgentsOperation, async ({ request, query, visibility }) =>
  cachedRead(request, ["agents", query], visibility, async () => {
    const page = await listAgents(query);
    return { ...page, agents: await Promise.all(page.agents.map(async (agent) => ({ ...agent, resolution: await agentResolution(agent.name) }))) };
  }));

/** POST /api/agents — create; 409 when the name is taken, 422 for an unknown capability or server. */
export const POST = route(createAgentOperation, createHandler(createAgent, toAgentBody, "/api/agents"));
