import { listVariablesOperation } from "@/lib/api/variables";
import { listVariables } from "@/lib/data/variables";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/variables — every variable; secrets masked. */
export const GET = route(listVariablesOperation, async ({ request, visibility }) =>
  cachedRead(request, ["variables"], visibility, async () => ({ variables: await listVariables() })));
