import { serverUsedByOperation } from "@/lib/api/servers";
import { getServerUsedBy } from "@/lib/data/used-by";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/used-by — capabilities with their alias, agents directly or `via` a capability. */
export const GET = route(serverUsedByOperation, async ({ params }) => json(await getServerUsedBy(params.name)));
