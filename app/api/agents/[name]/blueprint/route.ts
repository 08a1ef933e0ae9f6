import { blueprintOperation } from "@/lib/api/agents";
import { resolveAgent } from "@/lib/data/blueprints";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { toClientFile } from "@/lib/resolve/client-file";

/** POST /api/agents/:name/blueprint — the blueprint with run-time parameters and context, or a client's config file. */
export const POST = route(blueprintOperation, async ({ params, query, body, visibility }) => {
  const { body: blueprint, revision } = await resolveAgent(params.name, body, visibility);
  if (!query.format) return json(blueprint, { revision });
  return json(toClientFile(query.format, blueprint.agent.mcp_servers), { revision });
});
