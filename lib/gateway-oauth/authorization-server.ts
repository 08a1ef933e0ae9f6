import Provider, { errors } from "oidc-provider";

import { getConfig } from "../env";
import { oauthFetch } from "../oauth/oauth-fetch";
import { authorizationErrorPage } from "./consent-page";
import { GatewayOAuthEntries } from "./entry-store";
import { gatewayPrincipalOf } from "./gateway-accounts";
import { gatewayOfResource } from "./gateway-resources";
import { authorizationServerKeys } from "./server-keys";

/** The one scope a gateway token carries: calling that gateway's MCP endpoint. */
export const GATEWAY_SCOPE = "mcp";
/** Where the authorization server's endpoints live; `/oauth/callback` stays upstream OAuth's (DESIGN §17). */
export const AUTHORIZATION_SERVER_ROUTES = {
  authorization: "/oauth/authorize",
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
  jwks: "/oauth/jwks",
  end_session: "/oauth/end-session",
  userinfo: "/oauth/userinfo",
  pushed_authorization_request: "/oauth/par",
  code_verification: "/oauth/device",
  device_authorization: "/oauth/device/auth",
  introspection: "/oauth/introspect",
  backchannel_authentication: "/oauth/backchannel",
  challenge: "/oauth/challenge",
} as const;
export const CONSENT_PATH_PREFIX = "/oauth/consent/";
const ACCESS_TOKEN_TTL_S = 10 * 60;

/**
 * Patchbay's own OAuth 2.1 authorization server for its gateways (DESIGN §18), built on oidc-provider: RFC 8414
 * metadata, authorization code with PKCE (S256) only, clients by Client ID Metadata Document or Dynamic Client
 * Registration, access tokens bound to one gateway URL (RFC 8707) for ten minutes, refresh tokens rotated at each
 * use and living no longer than a dashboard session, revocation (RFC 7009). The person consents on Patchbay's
 * consent page after signing in (lib/gateway-oauth/consent-page.ts). One instance per issuer (the public URL).
 */
export function createAuthorizationServer(issuer: string): Provider {
  const { jwks, cookieKeys } = authorizationServerKeys();
  const sessionTtlS = Math.round(getConfig().PATCHBAY_SESSION_HOURS * 3600);
  const provider = new Provider(issuer, {
    adapter: GatewayOAuthEntries,
    jwks,
    cookies: { keys: cookieKeys, names: { session: "patchbay_oauth_session", interaction: "patchbay_oauth_interaction", resume: "patchbay_oauth_resume" } },
    routes: AUTHORIZATION_SERVER_ROUTES,
    // `mcp` is each gateway's scope (getResourceServerInfo); listed here too, as clients register with it (DCR).
    scopes: ["openid", GATEWAY_SCOPE],
    claims: { openid: ["sub"] },
    responseTypes: ["code"],
    pkce: { required: () => true },
    clientDefaults: { grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", id_token_signed_response_alg: "EdDSA" },
    enabledJWA: { idTokenSigningAlgValues: ["EdDSA"] },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: () => true,
    ttl: { AccessToken: ACCESS_TOKEN_TTL_S, AuthorizationCode: 60, Interaction: 600, Grant: sessionTtlS, Session: sessionTtlS, RefreshToken: sessionTtlS, ClientCredentials: ACCESS_TOKEN_TTL_S, IdToken: ACCESS_TOKEN_TTL_S },
    findAccount: async (_ctx: unknown, accountId: string) => {
      // A person demoted to viewer, a revoked token: no account, so no code, no token and no refresh.
      if (!(await gatewayPrincipalOf(accountId))) return undefined;
      return { accountId, claims: async () => ({ sub: accountId }) };
    },
    interactions: { url: async (_ctx: unknown, interaction: { uid: string }) => `${CONSENT_PATH_PREFIX}${interaction.uid}` },
    // What the server fetches (a client's metadata document) goes out through Patchbay's outbound policy, as every
    // outbound request does (DESIGN §5), in place of oidc-provider's own special-use-address guard; 5 KiB at most.
    fetch: (url: string, { dispatcher: _ownGuard, ...init }: RequestInit & { dispatcher?: unknown }) => oauthFetch()(url, init),
    fetchResponseBodyLimits: { "client_id metadata document": 5 * 1024 },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      // A client revokes its own tokens only; another's is answered 200 and left alone (RFC 7009 §2.2), nothing said.
      revocation: { enabled: true, allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) => token.clientId === client.clientId },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      clientIdMetadataDocument: { enabled: true, ack: "draft-02" },
      resourceIndicators: {
        enabled: true,
        // MCP clients name the gateway they want (RFC 8707); one that does not gets a token no gateway takes.
        defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string) => oneOf ?? undefined,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resource: string) => {
          if (!(await gatewayOfResource(resource, issuer))) throw new errors.InvalidTarget("resource must be one of this Patchbay's gateway URLs");
          return { scope: GATEWAY_SCOPE, audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL_S, accessTokenFormat: "opaque" };
        },
      },
    },
    // The consent page is Patchbay's own; oidc-provider's error pages say only what went wrong.
    renderError: async (ctx: { type: string; body: string }, out: { error: string; error_description?: string }) => {
      ctx.type = "html";
      ctx.body = authorizationErrorPage(out.error, out.error_description);
    },
  });
  provider.proxy = true;
  // oidc-provider answers its own failures; a 500 of its own is a bug to see in the log (its message alone).
  provider.on("server_error", (_ctx: unknown, error: Error) => console.error(`Patchbay: the gateway's authorization server failed: ${error.message}`));
  return provider;
}
