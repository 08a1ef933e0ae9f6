import { getServerRevisionOperation } from "@/lib/api/servers";
import { getServerRevision } from "@/lib/data/servers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/revisions/:n — one revision with its snapshot. */
export const GET = route(getServerRevisionOperation, async ({ params }) =>
  json({ revision: await getServerRevision(params.name, params.n) }));
