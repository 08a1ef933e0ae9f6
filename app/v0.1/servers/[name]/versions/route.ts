import { listOfficialVersionsOperation } from "@/lib/api/official";
import { listOfficialVersions } from "@/lib/data/official-versions";
import { preflight } from "@/lib/http/registry-cors";
import { registryRoute } from "@/lib/http/registry-route";

/** GET /v0.1/servers/:name/versions — every version, newest first, the current one isLatest. */
export const GET = registryRoute(listOfficialVersionsOperation, ({ params, visibility }) => listOfficialVersions(params.name, visibility));
export const OPTIONS = preflight;
