import { getAgentRevisionOperation } from "@/lib/api/agents";
import { getAgentRevision } from "@/lib/data/agents";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/agents/:name/revisions/:n — one revision with its snapshot. */
export const GET = route(getAgentRevisionOperation, async ({ params, visibility }) =>
  json({ revision: await getAgentRevision(params.name, params.n, visibility) }));
