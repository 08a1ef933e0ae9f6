import { serverUsedByOperation } from "@/lib/api/servers";
import { getServerUsedBy } from "@/lib/data/used-by";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/used-by — capabilities with their alias, agents directly or `via` a capability. */
export const GET = route(serverUsedByOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["mcp-servers", params.name, "used-by"], visibility, () => getServerUsedBy(params.name)));
