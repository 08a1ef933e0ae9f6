import { environmentsOperation } from "@/lib/api/system";
import { listEnvironmentNames } from "@/lib/data/server-list";
import { getConfig } from "@/lib/env";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/environments — every environment a server defines, plus the registry's own. */
export const GET = route(environmentsOperation, async () => {
  const current = getConfig().environment;
  const names = new Set([current, ...(await listEnvironmentNames())]);
  return json({ current, environments: [...names].sort() });
});
