import { checkServerHealthOperation } from "@/lib/api/health";
import { recheckServer } from "@/lib/health/server-checks";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/mcp-servers/:name/health-check — probe now, record, answer R. */
export const POST = route(checkServerHealthOperation, async ({ params, query }) => json(await recheckServer(params.name, query.environment)));
