import {
  clientMetadataDocumentOperation, connectOAuthOperation, disconnectOAuthOperation, getOAuthConnectionsOperation, oauthCallbackOperation,
} from "../api/upstream-oauth";
import { getConfig } from "../env";
import { NotFoundError } from "../errors";
import { json } from "../http/responses";
import { route } from "../http/route";
import { clientMetadataDocument, publicBaseUrl } from "../oauth/client-identity";
import { finishCallback, startConnect } from "../oauth/connect-flow";
import { disconnect, listServerConnections } from "../oauth/connections";

/** POST /api/mcp-servers/:name/oauth/connect — the authorization URL to send the browser to. */
export const connectOAuthHandler = route(connectOAuthOperation, async ({ params, body, principal, request }) =>
  json(await startConnect(params.name, body.environment, principal, request.url)));

/** GET /oauth/callback — finishes the flow and sends the browser back to the server's page. */
export const oauthCallbackHandler = route(oauthCallbackOperation, async ({ query, principal }) =>
  new Response(null, { status: 303, headers: { Location: await finishCallback(query, principal), "Cache-Control": "no-store" } }));

/** GET /api/mcp-servers/:name/oauth — connections, never a token. */
export const getOAuthConnectionsHandler = route(getOAuthConnectionsOperation, async ({ params, principal }) =>
  json(await listServerConnections(params.name, principal)));

/** DELETE /api/mcp-servers/:name/oauth — revoke and forget. */
export const disconnectOAuthHandler = route(disconnectOAuthOperation, async ({ params, query, principal }) =>
  json(await disconnect(params.name, query.environment, principal)));

/**
 * GET /.well-known/oauth-client/patchbay.json — Patchbay's Client ID Metadata Document, at PATCHBAY_PUBLIC_URL only:
 * its `client_id` is its own URL, which must not follow whichever Host a request names (and without a public URL
 * no authorization server is given it: lib/oauth/client-identity.ts).
 */
export const clientMetadataDocumentHandler = route(clientMetadataDocumentOperation, async ({ request }) => {
  if (!getConfig().PATCHBAY_PUBLIC_URL) throw new NotFoundError("Patchbay serves its Client ID Metadata Document only at PATCHBAY_PUBLIC_URL, which is not set.");
  return json(clientMetadataDocument(publicBaseUrl(request.url)));
});
