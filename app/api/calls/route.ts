import { listCallsOperation } from "@/lib/api/gateway";
import { listCalls } from "@/lib/data/calls";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/calls — the call log, newest first, filtered by server, agent, capability and outcome. */
export const GET = route(listCallsOperation, async ({ query }) => json(await listCalls(query)));
