import { restoreAgentRevisionOperation } from "@/lib/api/agents";
import { restoreAgentRevision, toAgentBody } from "@/lib/data/agents";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/agents/:name/revisions/:n/restore — a new revision equal to n. */
export const POST = route(restoreAgentRevisionOperation, async ({ params, ifMatch, actor, visibility }) => {
  const agent = await restoreAgentRevision(params.name, params.n, { ifMatch, actor });
  return json(toAgentBody(agent, visibility), { revision: agent.revision });
});
