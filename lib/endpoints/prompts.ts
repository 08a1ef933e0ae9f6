import { getServerPromptsOperation, listPromptDriftEventsOperation, pinPromptsOperation } from "../api/prompts";
import { getServerPrompts, listPromptDriftEvents, pinPromptset } from "../tools/prompt-pins";
import { cachedRead } from "../http/cached-json";
import { json } from "../http/responses";
import { route } from "../http/route";

/** GET /api/mcp-servers/:name/prompts — one environment's prompts, pin and drift; from the read model (probes write them: health scope). */
export const getServerPromptsHandler = route(getServerPromptsOperation, async ({ request, params, query, visibility }) =>
  cachedRead(request, ["server-prompts", params.name, query.environment ?? null], visibility, () => getServerPrompts(params.name, query.environment), ["definitions", "health"]));

/** GET /api/mcp-servers/:name/prompts/drift — prompt drift events, newest first. */
export const listPromptDriftEventsHandler = route(listPromptDriftEventsOperation, async ({ params }) => json(await listPromptDriftEvents(params.name)));

/** POST /api/mcp-servers/:name/prompts/pin — pin what the last successful listing saw; audited. */
export const pinPromptsHandler = route(pinPromptsOperation, async ({ params, body, actor }) => json(await pinPromptset(params.name, body.environment, actor)));
