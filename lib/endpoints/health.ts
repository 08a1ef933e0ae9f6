import { callToolOperation, checkServerHealthOperation, getServerHealthOperation, healthEventsOperation, testServerOperation } from "../api/health";
import { isStillAuthenticated } from "../auth/authenticate";
import { getHealth } from "../data/health";
import { callServerTool, recheckServer, testServerConnection } from "../health/server-checks";
import { cachedRead } from "../http/cached-json";
import { healthEventStream } from "../http/health-event-stream";
import { json } from "../http/responses";
import { route } from "../http/route";
import { connectionPerson } from "../oauth/oauth-store";

/** GET /api/health/events — server-sent events on every health status change, from any instance; ends when its credential does. */
export const healthEventsHandler = route(healthEventsOperation, async ({ request }) =>
  healthEventStream(request.signal, () => isStillAuthenticated(request)));

/** POST /api/mcp-servers/:name/health-check — probe now, record, answer R. */
export const checkServerHealthHandler = route(checkServerHealthOperation, async ({ params, query, body, visibility }) =>
  json(await recheckServer(params.name, { ...body, environment: body.environment ?? query.environment }, { readsSecrets: visibility.canReadStoredSecrets })));

/** GET /api/mcp-servers/:name/health — the latest R and up to 100 earlier ones, newest first. */
export const getServerHealthHandler = route(getServerHealthOperation, async ({ request, params, query, visibility }) =>
  cachedRead(request, ["mcp-servers", params.name, "health", query.environment], visibility, () => getHealth(params.name, query.environment), ["definitions", "health"]));

/** POST /api/mcp-servers/:name/test — live handshake with the given environment and parameters; 422 if unresolvable. */
export const testServerHandler = route(testServerOperation, async ({ params, query, body, principal, visibility }) =>
  json(await testServerConnection(params.name, { ...body, environment: body.environment ?? query.environment }, { person: connectionPerson(principal), readsSecrets: visibility.canReadStoredSecrets })));

/** POST /api/mcp-servers/:name/tools/:tool/call — 422 with /arguments/… paths before anything is sent. */
export const callToolHandler = route(callToolOperation, async ({ params, body, principal, visibility }) =>
  json(await callServerTool(params.name, params.tool, body, principal, visibility.canReadStoredSecrets)));
