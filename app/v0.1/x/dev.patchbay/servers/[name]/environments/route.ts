import { getOfficialEnvironmentsOperation } from "@/lib/api/official";
import { listOfficialEnvironments } from "@/lib/data/official-environments";
import { preflight } from "@/lib/http/registry-cors";
import { registryRoute } from "@/lib/http/registry-route";

/** GET /v0.1/x/dev.patchbay/servers/:name/environments — Patchbay's extension: environments with URL and health. */
export const GET = registryRoute(getOfficialEnvironmentsOperation, ({ params, visibility }) => listOfficialEnvironments(params.name, visibility));
export const OPTIONS = preflight;
