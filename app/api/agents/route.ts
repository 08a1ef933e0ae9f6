import { createAgentOperation, listAgentsOperation } from "@/lib/api/agents";
import { createAgent, listAgents, toAgentBody } from "@/lib/data/agents";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/agents — summaries, filtered and paged. */
export const GET = route(listAgentsOperation, async ({ query }) => json(await listAgents(query)));

/** POST /api/agents — create; 409 when the name is taken, 422 for an unknown capability or server. */
export const POST = route(createAgentOperation, async ({ body, actor, visibility }) => {
  const agent = await createAgent(body, { actor });
  return json(toAgentBody(agent, visibility), {
    status: 201,
    revision: agent.revision,
    headers: { Location: `/api/agents/${encodeURIComponent(agent.name)}` },
  });
});
