import { restoreCapabilityRevisionOperation } from "@/lib/api/capabilities";
import { restoreCapabilityRevision, toCapabilityBody } from "@/lib/data/capabilities";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/capabilities/:name/revisions/:n/restore — a new revision equal to n. */
export const POST = route(restoreCapabilityRevisionOperation, async ({ params, ifMatch, actor, visibility }) => {
  const capability = await restoreCapabilityRevision(params.name, params.n, { ifMatch, actor });
  return json(toCapabilityBody(capability, visibility), { revision: capability.revision });
});
