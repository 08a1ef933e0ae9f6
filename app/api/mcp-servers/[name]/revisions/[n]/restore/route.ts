import { restoreServerRevisionOperation } from "@/lib/api/servers";
import { restoreServerRevision } from "@/lib/data/servers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/mcp-servers/:name/revisions/:n/restore — a new revision equal to n. */
export const POST = route(restoreServerRevisionOperation, async ({ params, ifMatch, actor }) => {
  const server = await restoreServerRevision(params.name, params.n, { ifMatch, actor });
  return json({ mcp_server: server }, { revision: server.revision });
});
