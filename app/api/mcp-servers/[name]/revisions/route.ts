import { listServerRevisionsOperation } from "@/lib/api/servers";
import { listServerRevisions } from "@/lib/data/servers";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/revisions — newest first. */
export const GET = route(listServerRevisionsOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["mcp-servers", params.name, "revisions"], visibility, async () => ({ revisions: await listServerRevisions(params.name) })));
