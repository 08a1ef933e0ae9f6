import { listServerRevisionsOperation } from "@/lib/api/servers";
import { listServerRevisions } from "@/lib/data/servers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/revisions — newest first. */
export const GET = route(listServerRevisionsOperation, async ({ params }) =>
  json({ revisions: await listServerRevisions(params.name) }));
