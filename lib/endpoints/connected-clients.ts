import { listConnectedClientsOperation, revokeConnectedClientOperation } from "../api/connected-clients";
import { listConnectedClients, revokeConnectedClient } from "../gateway-oauth/connected-clients";
import { accountOf } from "../gateway-oauth/gateway-accounts";
import { json, noContent } from "../http/responses";
import { route } from "../http/route";

/** GET /api/oauth/clients — the caller's own connected MCP clients; never a token. */
export const listConnectedClientsHandler = route(listConnectedClientsOperation, async ({ principal }) =>
  json({ clients: await listConnectedClients(accountOf(principal)) }));

/** DELETE /api/oauth/clients/:grant_id — the caller's own grant and its tokens, at once; 404 for any other id. */
export const revokeConnectedClientHandler = route(revokeConnectedClientOperation, async ({ params, principal, actor, request }) => {
  await revokeConnectedClient(accountOf(principal), params.grant_id, { actor, request });
  return noContent();
});
