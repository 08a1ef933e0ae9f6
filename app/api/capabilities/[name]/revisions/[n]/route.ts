import { getCapabilityRevisionOperation } from "@/lib/api/capabilities";
import { getCapabilityRevision } from "@/lib/data/capabilities";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name/revisions/:n — one revision with its snapshot. */
export const GET = route(getCapabilityRevisionOperation, async ({ params, visibility }) =>
  json({ revision: await getCapabilityRevision(params.name, params.n, visibility) }));
