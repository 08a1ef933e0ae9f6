import { getServerHealthOperation } from "@/lib/api/health";
import { getHealth } from "@/lib/data/health";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/health — the latest R and up to 100 earlier ones, newest first. */
export const GET = route(getServerHealthOperation, async ({ params, query }) => json(await getHealth(params.name, query.environment)));
