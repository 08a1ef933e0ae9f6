import { listToolsOperation } from "@/lib/api/tools";
import { listCatalogTools } from "@/lib/data/tool-views";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/tools — the tool catalog, searched and filtered, a page at a time. */
export const GET = route(listToolsOperation, async ({ query }) => json(await listCatalogTools(query)));
