import { listAgentRevisionsOperation } from "@/lib/api/agents";
import { listAgentRevisions } from "@/lib/data/agents";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/agents/:name/revisions — newest first. */
export const GET = route(listAgentRevisionsOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["agents", params.name, "revisions"], visibility, async () => ({ revisions: await listAgentRevisions(params.name) })));
