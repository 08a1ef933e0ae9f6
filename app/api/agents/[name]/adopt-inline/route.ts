import { adoptAgentInlineOperation } from "@/lib/api/agents";
import { adoptAgentInlineConfigs } from "@/lib/data/adopt-inline";
import { toAgentBody } from "@/lib/data/agents";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/agents/:name/adopt-inline — the agent's inline configs become registry servers, one transaction. */
export const POST = route(adoptAgentInlineOperation, async ({ params, ifMatch, actor, visibility }) => {
  const { agent, created } = await adoptAgentInlineConfigs(params.name, { ifMatch, actor });
  return json({ ...toAgentBody(agent, visibility), created }, { revision: agent.revision });
});
