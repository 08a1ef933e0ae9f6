import { capabilityToolsOperation } from "@/lib/api/capabilities";
import { getCapabilityTools } from "@/lib/data/effective-tools";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name/tools — the effective tools with their origin. */
export const GET = route(capabilityToolsOperation, async ({ params, query }) => json(await getCapabilityTools(params.name, query.environment)));
