import * as oidc from "openid-client";

import { unseal } from "../secrets/sealed-values";
import { refreshTokenSlot } from "./idp-recheck";
import { providerConfiguration, singleSignOn } from "./identity-provider";

/**
 * Signing out (DESIGN §18): the refresh token the provider gave for the session is revoked there too (RFC 7009), so
 * it opens nothing any more, not even for someone who copied the database and its key. In the background — the
 * session is over whatever the provider says — and only where the provider has a revocation endpoint; a failure is
 * logged, never with the token.
 */
export function revokeAtProvider(sessionHash: string, sealedRefreshToken: string): void {
  const settings = singleSignOn();
  const refreshToken = unseal(refreshTokenSlot(sessionHash), sealedRefreshToken);
  if (!settings || !refreshToken) return;
  void (async () => {
    const configuration = await providerConfiguration(settings);
    if (!configuration.serverMetadata().revocation_endpoint) return;
    await oidc.tokenRevocation(configuration, refreshToken, { token_type_hint: "refresh_token" });
  })().catch((error: unknown) => {
    console.warn(`Patchbay: revoking a signed-out session's refresh token at the identity provider failed: ${(error as Error).message}`);
  });
}
