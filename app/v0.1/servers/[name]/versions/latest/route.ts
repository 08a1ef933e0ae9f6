import { getOfficialServerOperation } from "@/lib/api/official";
import { getOfficialServer } from "@/lib/data/official-servers";
import { preflight } from "@/lib/http/registry-cors";
import { registryRoute } from "@/lib/http/registry-route";

/** GET /v0.1/servers/:name/versions/latest — `dev.patchbay%2F<name>` or the plain name. */
export const GET = registryRoute(getOfficialServerOperation, ({ params, visibility }) => getOfficialServer(params.name, visibility));
export const OPTIONS = preflight;
