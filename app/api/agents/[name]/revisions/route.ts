import { listAgentRevisionsOperation } from "@/lib/api/agents";
import { listAgentRevisions } from "@/lib/data/agents";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/agents/:name/revisions — newest first. */
export const GET = route(listAgentRevisionsOperation, async ({ params }) =>
  json({ revisions: await listAgentRevisions(params.name) }));
