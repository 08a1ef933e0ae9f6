import { restoreServerRevisionOperation } from "@/lib/api/servers";
import { secretCheckOf } from "@/lib/auth/keep-secrets";
import { restoreServerRevision } from "@/lib/data/servers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/mcp-servers/:name/revisions/:n/restore — a new revision equal to n; re-checks that literal secrets stay where they were (DESIGN §14). */
export const POST = route(restoreServerRevisionOperation, async ({ params, query, ifMatch, actor, principal }) => {
  const server = await restoreServerRevision(params.name, params.n, { ifMatch, actor, secrets: secretCheckOf(query.keep_secrets, principal) });
  return json({ mcp_server: server }, { revision: server.revision });
});
