import { createCapabilityOperation, listCapabilitiesOperation } from "@/lib/api/capabilities";
import { createCapability, listCapabilities, toCapabilityBody } from "@/lib/data/capabilities";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/capabilities — summaries, filtered and paged. */
export const GET = route(listCapabilitiesOperation, async ({ query }) => json(await listCapabilities(query)));

/** POST /api/capabilities — create; 409 when the name is taken, 422 for an unknown server. */
export const POST = route(createCapabilityOperation, async ({ body, actor, visibility }) => {
  const capability = await createCapability(body, { actor });
  return json(toCapabilityBody(capability, visibility), {
    status: 201,
    revision: capability.revision,
    headers: { Location: `/api/capabilities/${encodeURIComponent(capability.name)}` },
  });
});
