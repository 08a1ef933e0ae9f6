import { selectClientAuthMethod, type OAuthClientInformationMixed } from "@modelcontextprotocol/client";

import type { Principal } from "../auth/principal";
import { NotFoundError } from "../errors";
import { getConfig } from "../env";
import { getServer } from "../registry/servers";
import { loadOAuthServer } from "./connect-flow";
import { oauthFetch } from "./oauth-fetch";
import { connectionPerson, deleteConnection, listConnections, readConnection, type ConnectionView, type OpenConnection } from "./oauth-store";
import { forgetCachedAuthorization } from "./upstream-bearer";

/** GET …/oauth: every connection of the server — status, scopes, expiry, who — never a token; none for a server without OAuth. */
export async function listServerConnections(name: string, principal: Principal): Promise<{ connections: ConnectionView[] }> {
  const { id, auth } = await getServer(name);
  // A per_user connection is its person's own: others but admins see only their own (by identity, not by name).
  const isPersonal = auth?.type === "oauth" && auth.mode === "per_user" && principal.role !== "admin";
  return { connections: await listConnections(id, isPersonal ? connectionPerson(principal) : undefined) };
}

/**
 * DELETE …/oauth?environment= (DESIGN §17): revokes the refresh and access tokens where the authorization server
 * offers RFC 7009 revocation, then forgets the connection. A revocation the server refuses or cannot take does
 * not keep the connection: Patchbay forgets it either way and says whether revocation succeeded.
 */
export async function disconnect(name: string, environment: string | undefined, principal: Principal): Promise<{ revoked: boolean }> {
  const target = await loadOAuthServer(name, principal);
  const key = { serverId: target.id, environment: environment ?? getConfig().environment, person: target.person };
  const connection = await readConnection(key);
  if (!connection) throw new NotFoundError(`MCP server '${name}' has no OAuth connection in '${key.environment}'.`);
  const revoked = await revoke(connection);
  await deleteConnection(key);
  forgetCachedAuthorization();
  return { revoked };
}

async function revoke(connection: OpenConnection): Promise<boolean> {
  // RFC 8414 names it; OIDC discovery documents carry it too, beyond the SDK's OIDC type.
  const metadata = (connection.metadata ?? {}) as { revocation_endpoint?: string; revocation_endpoint_auth_methods_supported?: string[]; token_endpoint_auth_methods_supported?: string[] };
  const endpoint = metadata.revocation_endpoint;
  if (!endpoint || !connection.client) return false;
  const fetchFn = oauthFetch();
  const send = async (token: string, hint: string) => {
    const request = authenticated(connection.client!, metadata.revocation_endpoint_auth_methods_supported ?? metadata.token_endpoint_auth_methods_supported ?? []);
    request.body.set("token", token);
    request.body.set("token_type_hint", hint);
    return fetchFn(endpoint, { method: "POST", headers: request.headers, body: request.body })
      .then(async (response) => { await response.body?.cancel().catch(() => {}); return response.ok; }, () => false);
  };
  // Revoking the refresh token ends the grant (RFC 7009 §2.1). A JWT access token often cannot be revoked
  // (it lives until it expires): asking is worth it, its refusal is not a failure.
  const refreshRevoked = connection.refreshToken ? await send(connection.refreshToken, "refresh_token") : null;
  const accessRevoked = connection.accessToken ? await send(connection.accessToken, "access_token") : false;
  return refreshRevoked ?? accessRevoked;
}

/** The client's authentication on the revocation request, as on its token requests (RFC 6749 §2.3.1). */
function authenticated(client: OAuthClientInformationMixed, supported: string[]) {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", accept: "application/json" });
  const body = new URLSearchParams();
  const method = selectClientAuthMethod(client, supported);
  if (method === "client_secret_basic" && client.client_secret) {
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
    headers.set("authorization", `Basic ${Buffer.from(`${encode(client.client_id)}:${encode(client.client_secret)}`).toString("base64")}`);
  } else if (method === "client_secret_post" && client.client_secret) {
    body.set("client_id", client.client_id);
    body.set("client_secret", client.client_secret);
  } else {
    body.set("client_id", client.client_id);
  }
  return { headers, body };
}
