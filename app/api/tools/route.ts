import { listToolsOperation } from "@/lib/api/tools";
import { listCatalogTools } from "@/lib/data/tool-views";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/tools — the tool catalog, searched and filtered, a page at a time; from the read model (probes fill it: health scope). */
export const GET = route(listToolsOperation, async ({ request, query, visibility }) =>
  cachedRead(request, ["tools", query], visibility, () => listCatalogTools(query), ["definitions", "health"]));
