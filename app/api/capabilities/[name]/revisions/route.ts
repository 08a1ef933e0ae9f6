import { listCapabilityRevisionsOperation } from "@/lib/api/capabilities";
import { listCapabilityRevisions } from "@/lib/data/capabilities";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name/revisions — newest first. */
export const GET = route(listCapabilityRevisionsOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["capabilities", params.name, "revisions"], visibility, async () => ({ revisions: await listCapabilityRevisions(params.name) })));
