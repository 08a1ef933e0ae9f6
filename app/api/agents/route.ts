import { createAgentOperation, listAgentsOperation } from "@/lib/api/agents";
import { createAgent, listAgents, toAgentBody } from "@/lib/data/agents";
import { createHandler } from "@/lib/http/document-handlers";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/agents — summaries, filtered and paged. */
export const GET = route(listAgentsOperation, async ({ request, query, visibility }) =>
  cachedRead(request, ["agents", query], visibility, () => listAgents(query)));

/** POST /api/agents — create; 409 when the name is taken, 422 for an unknown capability or server. */
export const POST = route(createAgentOperation, createHandler(createAgent, toAgentBody, "/api/agents"));
