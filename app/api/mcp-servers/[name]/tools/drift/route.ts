import { listDriftEventsOperation } from "@/lib/api/tools";
import { listDriftEvents } from "@/lib/data/tool-pins";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/tools/drift — drift events, newest first. */
export const GET = route(listDriftEventsOperation, async ({ params }) => json(await listDriftEvents(params.name)));
