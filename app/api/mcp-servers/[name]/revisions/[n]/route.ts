import { getServerRevisionOperation } from "@/lib/api/servers";
import { getServerRevisionView } from "@/lib/data/server-views";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/revisions/:n — one revision with its snapshot. */
export const GET = route(getServerRevisionOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["mcp-servers", params.name, "revisions", params.n], visibility, async () => ({ revision: await getServerRevisionView(params.name, params.n, visibility) })));
