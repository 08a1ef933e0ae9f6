import { callSummaryOperation, invokeOperation, listCallsOperation, listCircuitsOperation, mcpRegistryOperation, mcpTestOperation, mcpValidateOperation, negotiateOperation } from "../api/gateway";
import { listCalls, summarizeCalls } from "../audit/calls";
import { importBundle } from "../import/import-bundle";
import { getMcpRegistryView } from "../official/mcp-registry-view";
import { negotiate } from "../registry/negotiate";
import { listCircuits } from "../gateway/circuits";
import { invoke } from "../gateway/invoke";
import { json } from "../http/responses";
import { publicBaseUrl } from "../oauth/client-identity";
import { route } from "../http/route";

/** GET /api/calls — the call log, newest first, filtered by server, agent, capability and outcome. */
export const listCallsHandler = route(listCallsOperation, async ({ query }) => json(await listCalls(query)));

/** GET /api/calls/summary — the last hour of calls per minute: count, errors, p50, p99. */
export const callSummaryHandler = route(callSummaryOperation, async ({ query }) => json(await summarizeCalls(query)));

/** GET /api/circuits — the circuit breakers of this instance, per server and environment. */
export const listCircuitsHandler = route(listCircuitsOperation, async ({ query }) => json({ circuits: listCircuits(query) }));

/** POST /api/invoke — seed 001's invocation through the call pipeline; the unified response, or 202 awaiting approval. */
export const invokeHandler = route(invokeOperation, async ({ body, principal, request }) => {
  const answer = await invoke(body, principal, { signal: request.signal, baseUrl: publicBaseUrl(request.url) });
  return json(answer.body, { status: answer.status });
});

/** POST /api/negotiate — capability strings bound to healthy providers, or DEGRADED naming what is missing. */
export const negotiateHandler = route(negotiateOperation, async ({ body, visibility }) => json(await negotiate(body, visibility)));

/** GET /api/v1/mcp/registry — seed 001's plugins and actions, from the catalog. */
export const mcpRegistryHandler = route(mcpRegistryOperation, async ({ visibility }) => json(await getMcpRegistryView(visibility)));

/** POST /api/v1/mcp/test — seed 001's diagnostics path for POST /api/invoke. */
export const mcpTestHandler = route(mcpTestOperation, async ({ body, principal, request }) => {
  const answer = await invoke(body, principal, { signal: request.signal, baseUrl: publicBaseUrl(request.url) });
  return json(answer.body, { status: answer.status });
});

/** POST /api/v1/mcp/validate — an mcp_registry.json body → the import dry-run report; nothing is written. */
export const mcpValidateHandler = route(mcpValidateOperation, async ({ body, actor }) =>
  json(await importBundle(body, { format: "mcp-registry", onConflict: "skip", dryRun: true, secretsToPlaceholders: false }, { actor })));
