import { callToolOperation } from "@/lib/api/health";
import { callServerTool } from "@/lib/health/server-checks";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/mcp-servers/:name/tools/:tool/call — 422 with /arguments/… paths before anything is sent. */
export const POST = route(callToolOperation, async ({ params, body, actor }) => json(await callServerTool(params.name, params.tool, body, actor)));
