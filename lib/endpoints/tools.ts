import { getServerToolsOperation, listDriftEventsOperation, listToolsOperation, pinToolsOperation } from "../api/tools";
import { listDriftEvents, pinToolset } from "../tools/tool-pins";
import { getServerTools, listCatalogTools } from "../tools/tool-views";
import { cachedRead } from "../http/cached-json";
import { json } from "../http/responses";
import { route } from "../http/route";

/** GET /api/mcp-servers/:name/tools/drift — drift events, newest first. */
export const listDriftEventsHandler = route(listDriftEventsOperation, async ({ params }) => json(await listDriftEvents(params.name)));

/** POST /api/mcp-servers/:name/tools/pin — pin what the last successful probe saw; audited. */
export const pinToolsHandler = route(pinToolsOperation, async ({ params, body, actor }) => json(await pinToolset(params.name, body.environment, actor)));

/**
 * GET /api/mcp-servers/:name/tools — one environment's toolset, pin and drift, discovered and declared tools; from
 * the read model: probes, pins and drift decisions write the catalog (health scope), definitions its declared rows.
 */
export const getServerToolsHandler = route(getServerToolsOperation, async ({ request, params, query, visibility }) =>
  cachedRead(request, ["server-tools", params.name, query.environment ?? null], visibility, () => getServerTools(params.name, query.environment), ["definitions", "health"]));

/** GET /api/tools — the tool catalog, searched and filtered, a page at a time; from the read model (probes fill it: health scope). */
export const listToolsHandler = route(listToolsOperation, async ({ request, query, visibility }) =>
  cachedRead(request, ["tools", query], visibility, () => listCatalogTools(query), ["definitions", "health"]));
