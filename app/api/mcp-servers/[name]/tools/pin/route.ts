import { pinToolsOperation } from "@/lib/api/tools";
import { pinToolset } from "@/lib/data/tool-pins";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/mcp-servers/:name/tools/pin — pin what the last successful probe saw; audited. */
export const POST = route(pinToolsOperation, async ({ params, body, actor }) => json(await pinToolset(params.name, body.environment, actor)));
