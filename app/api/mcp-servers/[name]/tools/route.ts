import { getServerToolsOperation } from "@/lib/api/tools";
import { getServerTools } from "@/lib/data/tool-views";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/tools — one environment's toolset, pin and drift, discovered and declared tools. */
export const GET = route(getServerToolsOperation, async ({ params, query }) => json(await getServerTools(params.name, query.environment)));
