import { getServerRevisionOperation } from "@/lib/api/servers";
import { getServerRevisionView } from "@/lib/data/server-views";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/revisions/:n — one revision with its snapshot. */
export const GET = route(getServerRevisionOperation, async ({ params, visibility }) =>
  json({ revision: await getServerRevisionView(params.name, params.n, visibility) }));
