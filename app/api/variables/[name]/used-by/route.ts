import { variableUsedByOperation } from "@/lib/api/variables";
import { getVariable } from "@/lib/data/variables";
import { findVariableUsers } from "@/lib/data/variable-users";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/variables/:name/used-by — the servers that name it. */
export const GET = route(variableUsedByOperation, async ({ params }) => {
  await getVariable(params.name);
  return json({ mcp_servers: await findVariableUsers(params.name) });
});
