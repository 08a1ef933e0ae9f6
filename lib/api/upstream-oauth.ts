import {
  clientMetadataDocumentSchema, oauthAuthorizationSchema, oauthCallbackQuerySchema, oauthConnectBodySchema, oauthConnectionsSchema,
  oauthDisconnectedSchema, oauthEnvironmentQuerySchema,
} from "../schemas/upstream-oauth";
import { serverNameParamsSchema } from "../schemas/server-query";
import { defineOperation, readOperation } from "./operation";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, problemResponse, UNRESOLVABLE } from "./problem-responses";

const tag = "Upstream OAuth";
const params = serverNameParamsSchema;
const FORBIDDEN = { 403: problemResponse("A shared connection is an admin's to make or end; a per_user one its person's; a callback its starter's") };
const UPSTREAM = { 502: problemResponse("The server's authorization server or protected-resource metadata refused or could not be reached (the connection records why)") };

export const connectOAuthOperation = defineOperation({
  method: "POST", path: "/api/mcp-servers/{name}/oauth/connect", tag, role: "viewer", params, rateLimit: "tests",
  summary: "Start signing Patchbay in to the server (DESIGN §17): discovery (RFC 9728, RFC 8414), PKCE S256, resource (RFC 8707); answers the URL to send the browser to. Admin for a shared connection",
  body: oauthConnectBodySchema,
  responses: { 200: { description: "Where the browser signs in", schema: oauthAuthorizationSchema }, ...BAD_REQUEST, ...FORBIDDEN, ...NOT_FOUND, ...CONFLICT, ...UNRESOLVABLE, ...UPSTREAM },
});

export const oauthCallbackOperation = defineOperation({
  method: "GET", path: "/oauth/callback", tag, role: "viewer", query: oauthCallbackQuerySchema,
  summary: "Where the authorization server sends the browser back: the state is single-use, its starter's, for 10 minutes; `iss` is checked (RFC 9207); then 303 to the server's page with `?oauth=connected|refused|failed`",
  responses: { 303: { description: "Back to the server's page" }, ...BAD_REQUEST, ...FORBIDDEN },
});

export const getOAuthConnectionsOperation = readOperation({
  path: "/api/mcp-servers/{name}/oauth", tag, params,
  summary: "The server's OAuth connections: status, scopes, expiry, who and when, why — never a token",
  responses: { 200: { description: "Connections", schema: oauthConnectionsSchema }, ...NOT_FOUND, ...CONFLICT },
});

export const disconnectOAuthOperation = defineOperation({
  method: "DELETE", path: "/api/mcp-servers/{name}/oauth", tag, role: "viewer", params, query: oauthEnvironmentQuerySchema,
  summary: "Revoke the connection's tokens (RFC 7009, where the authorization server offers it) and forget it",
  responses: { 200: { description: "Forgotten", schema: oauthDisconnectedSchema }, ...FORBIDDEN, ...NOT_FOUND, ...CONFLICT },
});

export const clientMetadataDocumentOperation = defineOperation({
  method: "GET", path: "/.well-known/oauth-client/patchbay.json", tag, role: "public", rateLimit: "none",
  summary: "Patchbay's OAuth Client ID Metadata Document: its URL is the client_id it uses where an authorization server supports them",
  responses: { 200: { description: "The document", schema: clientMetadataDocumentSchema } },
});
