import { getCapabilityRevisionOperation } from "@/lib/api/capabilities";
import { getCapabilityRevision } from "@/lib/data/capabilities";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name/revisions/:n — one revision with its snapshot. */
export const GET = route(getCapabilityRevisionOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["capabilities", params.name, "revisions", params.n], visibility, async () => ({ revision: await getCapabilityRevision(params.name, params.n, visibility) })));
