import { variableUsedByOperation } from "@/lib/api/variables";
import { getVariable } from "@/lib/data/variables";
import { findVariableUsers } from "@/lib/data/variable-users";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/variables/:name/used-by — the servers that name it. */
export const GET = route(variableUsedByOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["variables", params.name, "used-by"], visibility, async () => {
    await getVariable(params.name);
    return { mcp_servers: await findVariableUsers(params.name) };
  }));
