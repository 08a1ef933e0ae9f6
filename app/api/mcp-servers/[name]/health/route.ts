import { getServerHealthOperation } from "@/lib/api/health";
import { getHealth } from "@/lib/data/health";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/health — the latest R and up to 100 earlier ones, newest first. */
export const GET = route(getServerHealthOperation, async ({ request, params, query, visibility }) =>
  cachedRead(request, ["mcp-servers", params.name, "health", query.environment], visibility, () => getHealth(params.name, query.environment), ["definitions", "health"]));
