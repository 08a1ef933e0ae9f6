import { agentToolsOperation } from "@/lib/api/agents";
import { getAgentTools } from "@/lib/data/effective-tools";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/agents/:name/tools — the union of its capabilities' and its own references' tools, with their origin. */
export const GET = route(agentToolsOperation, async ({ params, query }) => json(await getAgentTools(params.name, query.environment)));
