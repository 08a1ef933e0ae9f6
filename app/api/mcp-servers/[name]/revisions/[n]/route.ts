import { getServerRevisionOperation } from "@/lib/api/servers";
import { hasRole } from "@/lib/auth/roles";
import { getServerRevisionView } from "@/lib/data/server-views";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/revisions/:n — one revision with its snapshot. */
export const GET = route(getServerRevisionOperation, async ({ params, principal }) =>
  json({ revision: await getServerRevisionView(params.name, params.n, { canReadSecrets: hasRole(principal.role, "runner") }) }));
