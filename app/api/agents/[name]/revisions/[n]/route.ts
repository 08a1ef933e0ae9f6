import { getAgentRevisionOperation } from "@/lib/api/agents";
import { getAgentRevision } from "@/lib/data/agents";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/agents/:name/revisions/:n — one revision with its snapshot. */
export const GET = route(getAgentRevisionOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["agents", params.name, "revisions", params.n], visibility, async () => ({ revision: await getAgentRevision(params.name, params.n, visibility) })));
