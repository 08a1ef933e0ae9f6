import { getOfficialEnvironmentsOperation, getOfficialServerOperation, getOfficialToolsOperation, getOfficialVersionOperation, listOfficialServersOperation, listOfficialVersionsOperation } from "../api/official";
import { listOfficialEnvironments } from "../official/official-environments";
import { getOfficialServer, listOfficialServers } from "../official/official-servers";
import { getOfficialVersion, listOfficialVersions } from "../official/official-versions";
import { listCatalogTools } from "../tools/tool-views";
import { registryRoute } from "../http/registry-route";

/** GET /v0.1/servers/:name/versions/:version — one version as it last stood. */
export const getOfficialVersionHandler = registryRoute(getOfficialVersionOperation, ({ params, visibility }) =>
  getOfficialVersion(params.name, params.version, visibility));


/** GET /v0.1/servers/:name/versions/latest — `dev.patchbay%2F<name>` or the plain name. */
export const getOfficialServerHandler = registryRoute(getOfficialServerOperation, ({ params, visibility }) => getOfficialServer(params.name, visibility));


/** GET /v0.1/servers/:name/versions — every version, newest first, the current one isLatest. */
export const listOfficialVersionsHandler = registryRoute(listOfficialVersionsOperation, ({ params, visibility }) => listOfficialVersions(params.name, visibility));


/** GET /v0.1/servers — the official registry's list API, read-only; CORS for IDE clients. */
export const listOfficialServersHandler = registryRoute(listOfficialServersOperation, ({ query, visibility }) => listOfficialServers(query, visibility));


/** GET /v0.1/x/dev.patchbay/servers/:name/environments — Patchbay's extension: environments with URL and health. */
export const getOfficialEnvironmentsHandler = registryRoute(getOfficialEnvironmentsOperation, ({ params, visibility }) => listOfficialEnvironments(params.name, visibility));


/** GET /v0.1/x/dev.patchbay/tools — Patchbay's extension: the tool catalog, for IDE clients (probes fill it: health scope). */
export const getOfficialToolsHandler = registryRoute(getOfficialToolsOperation, ({ query }) => listCatalogTools(query), ["definitions", "health"]);

