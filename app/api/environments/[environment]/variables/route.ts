import { environmentVariablesOperation } from "@/lib/api/variables";
import { describeEnvironmentVariables } from "@/lib/data/environment-variables";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/environments/:environment/variables — the variables page of one environment. */
export const GET = route(environmentVariablesOperation, async ({ params }) => json(await describeEnvironmentVariables(params.environment)));
