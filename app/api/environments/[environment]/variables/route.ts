import { environmentVariablesOperation } from "@/lib/api/variables";
import { describeEnvironmentVariables } from "@/lib/data/environment-variables";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/environments/:environment/variables — the variables page of one environment. */
export const GET = route(environmentVariablesOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["environments", params.environment, "variables"], visibility, () => describeEnvironmentVariables(params.environment)));
