import { capabilityUsedByOperation } from "@/lib/api/capabilities";
import { getCapabilityUsedBy } from "@/lib/data/used-by";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name/used-by — the agents that use it. */
export const GET = route(capabilityUsedByOperation, async ({ params }) => json(await getCapabilityUsedBy(params.name)));
