import { listCapabilityRevisionsOperation } from "@/lib/api/capabilities";
import { listCapabilityRevisions } from "@/lib/data/capabilities";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name/revisions — newest first. */
export const GET = route(listCapabilityRevisionsOperation, async ({ params }) =>
  json({ revisions: await listCapabilityRevisions(params.name) }));
