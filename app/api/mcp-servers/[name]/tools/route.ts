import { getServerToolsOperation } from "@/lib/api/tools";
import { getServerTools } from "@/lib/data/tool-views";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/**
 * GET /api/mcp-servers/:name/tools — one environment's toolset, pin and drift, discovered and declared tools; from
 * the read model: probes, pins and drift decisions write the catalog (health scope), definitions its declared rows.
 */
export const GET = route(getServerToolsOperation, async ({ request, params, query, visibility }) =>
  cachedRead(request, ["server-tools", params.name, query.environment ?? null], visibility, () => getServerTools(params.name, query.environment), ["definitions", "health"]));
