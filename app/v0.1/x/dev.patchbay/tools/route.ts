import { getOfficialToolsOperation } from "@/lib/api/official";
import { listCatalogTools } from "@/lib/data/tool-views";
import { preflight } from "@/lib/http/registry-cors";
import { registryRoute } from "@/lib/http/registry-route";

/** GET /v0.1/x/dev.patchbay/tools — Patchbay's extension: the tool catalog, for IDE clients (probes fill it: health scope). */
export const GET = registryRoute(getOfficialToolsOperation, ({ query }) => listCatalogTools(query), ["definitions", "health"]);
export const OPTIONS = preflight;
