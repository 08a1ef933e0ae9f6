import { getOfficialVersionOperation } from "@/lib/api/official";
import { getOfficialVersion } from "@/lib/data/official-versions";
import { preflight } from "@/lib/http/registry-cors";
import { registryRoute } from "@/lib/http/registry-route";

/** GET /v0.1/servers/:name/versions/:version — one version as it last stood. */
export const GET = registryRoute(getOfficialVersionOperation, ({ params, visibility }) =>
  getOfficialVersion(params.name, params.version, visibility));
export const OPTIONS = preflight;
