import { adoptInlineOperation } from "@/lib/api/capabilities";
import { adoptInlineConfigs } from "@/lib/data/adopt-inline";
import { toCapabilityBody } from "@/lib/data/capabilities";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/capabilities/:name/adopt-inline — inline configs become registry servers, one transaction. */
export const POST = route(adoptInlineOperation, async ({ params, ifMatch, actor, visibility }) => {
  const { capability, created } = await adoptInlineConfigs(params.name, { ifMatch, actor });
  return json({ ...toCapabilityBody(capability, visibility), created }, { revision: capability.revision });
});
