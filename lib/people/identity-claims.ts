import * as oidc from "openid-client";

import { claimValues, roleFromClaimValues } from "./role-mapping";
import type { SingleSignOn } from "./identity-provider";
import type { Identity } from "./people";

/**
 * Who a token response says signed in: the ID token's claims, with the userinfo endpoint's where the ID token
 * lacks the role claim (many providers put groups only there). `role` is null when no mapping matches.
 */
export async function identityOf(configuration: oidc.Configuration, settings: SingleSignOn, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<Omit<Identity, "role"> & { role: Identity["role"] | null }> {
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error("the identity provider answered without an ID token");
  let claims: Record<string, unknown> = idClaims;
  if (!(settings.roleClaim in claims) && configuration.serverMetadata().userinfo_endpoint) {
    claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), ...idClaims };
  }
  const groups = claimValues(claims, settings.roleClaim);
  return {
    issuer: idClaims.iss,
    subject: idClaims.sub,
    email: typeof claims.email === "string" ? claims.email : null,
    name: typeof claims.name === "string" ? claims.name : typeof claims.preferred_username === "string" ? claims.preferred_username : null,
    groups,
    role: roleFromClaimValues(groups, settings.roles),
  };
}
