import { capabilityUsedByOperation } from "@/lib/api/capabilities";
import { getCapabilityUsedBy } from "@/lib/data/used-by";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name/used-by — the agents that use it. */
export const GET = route(capabilityUsedByOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["capabilities", params.name, "used-by"], visibility, () => getCapabilityUsedBy(params.name)));
