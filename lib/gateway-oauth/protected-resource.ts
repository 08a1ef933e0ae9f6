import type { Principal } from "../auth/principal";
import { GATEWAY_SCOPE } from "./authorization-server";
import { GatewayOAuthEntries } from "./entry-store";
import { gatewayPrincipalOf } from "./gateway-accounts";
import { gatewayResourceUrl, type GatewayResource } from "./gateway-resources";

const accessTokens = new GatewayOAuthEntries("AccessToken");
const grants = new GatewayOAuthEntries("Grant");

/** RFC 9728 metadata of one gateway: it is its own resource, and Patchbay's authorization server issues its tokens. */
export function protectedResourceMetadata(baseUrl: string, gateway: GatewayResource) {
  return {
    resource: gatewayResourceUrl(baseUrl, gateway),
    authorization_servers: [baseUrl],
    scopes_supported: [GATEWAY_SCOPE],
    bearer_methods_supported: ["header"],
    resource_name: `Patchbay ${gateway.kind === "agents" ? "agent" : "capability"} ${gateway.name}`,
  };
}

/** The `WWW-Authenticate` of a gateway's 401 (MCP authorization, RFC 6750 §3, RFC 9728 §5.1). */
export function gatewayChallenge(baseUrl: string, pathname: string, error?: "invalid_token"): string {
  const params = [...(error ? [`error="${error}"`] : []), `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource${pathname}"`, `scope="${GATEWAY_SCOPE}"`];
  return `Bearer ${params.join(", ")}`;
}

/**
 * The caller behind an access token of the gateway's authorization server, when the token is unexpired, was
 * issued for exactly this gateway URL (its audience, RFC 8707), and its person or token may still use gateways;
 * null otherwise. A token for one agent's gateway opens no other gateway, and no REST operation takes it.
 */
export async function gatewayAccessPrincipal(token: string, resourceUrl: string): Promise<Principal | null> {
  const found = await accessTokens.find(token);
  if (!found || found.kind !== "AccessToken" || typeof found.accountId !== "string") return null;
  if (typeof found.exp !== "number" || found.exp * 1000 <= Date.now()) return null;
  const audiences = [found.aud].flat();
  if (audiences.length !== 1 || audiences[0] !== resourceUrl) return null;
  // A token issued while its grant was being revoked outlives the grant: the grant must still be there.
  if (typeof found.grantId !== "string" || !(await grants.find(found.grantId))) return null;
  return gatewayPrincipalOf(found.accountId);
}
