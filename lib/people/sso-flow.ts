import * as oidc from "openid-client";

import { recordAuditEvent } from "../audit/audit-events";
import { sanitizeNext } from "../auth/safe-next";
import { isHttpsRequest, sessionCookie } from "../auth/session-cookie";
import { createSession } from "../auth/sessions";
import { getConfig } from "../env";
import { clientAddress } from "../http/client-address";
import { publicBaseUrl } from "../oauth/client-identity";
import { seal } from "../secrets/sealed-values";
import { identityOf } from "./identity-claims";
import { providerConfiguration, requireSingleSignOn, signInScopes } from "./identity-provider";
import { clearedPendingCookie, pendingCookie, readPendingSignIn } from "./pending-sign-in";
import { recordSignIn } from "./people";
import { refreshTokenSlot } from "./idp-recheck";

export const CALLBACK_PATH = "/sign-in/oidc/callback";

/** Why a sign-in did not finish, as the sign-in page names it (`/sign-in?sso=<reason>`). */
export type SignInFailure = "refused" | "no-role" | "expired" | "failed";

/** A redirect and the cookies it sets. */
export type Redirect = { location: string; cookies: string[] };

/**
 * GET /sign-in/oidc: authorization code + PKCE (S256) with state and nonce (DESIGN §18); the browser goes to the
 * provider carrying nothing of Patchbay's but those, and comes back to `<public URL>/sign-in/oidc/callback`.
 */
export async function startSingleSignOn(next: string | undefined, request: Request): Promise<Redirect> {
  const settings = requireSingleSignOn();
  const configuration = await providerConfiguration(settings);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const location = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: `${publicBaseUrl(request.url)}${CALLBACK_PATH}`,
    scope: signInScopes(configuration, settings),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const cookie = pendingCookie({ state, nonce, verifier, next: sanitizeNext(next) }, isHttpsRequest(request));
  return { location: location.href, cookies: [cookie] };
}

/**
 * GET /sign-in/oidc/callback: the code is exchanged (state, nonce, PKCE and the issuer checked by openid-client),
 * the person recorded with the role their claim gives now, and a session opened; every refusal sends the browser
 * back to the sign-in page with a reason, and is audited (never with a code or a token).
 */
export async function finishSingleSignOn(request: Request): Promise<Redirect> {
  const settings = requireSingleSignOn();
  const cleared = clearedPendingCookie(isHttpsRequest(request));
  const pending = readPendingSignIn(request);
  if (!pending) return failure("expired", cleared, request, "no sign-in was under way in this browser (or it took over ten minutes)");

  const configuration = await providerConfiguration(settings);
  const callbackUrl = new URL(`${publicBaseUrl(request.url)}${CALLBACK_PATH}${new URL(request.url).search}`);
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.verifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true,
    });
  } catch (error) {
    const refused = error instanceof oidc.AuthorizationResponseError;
    return failure(refused ? "refused" : "failed", cleared, request, refused ? `the identity provider answered ${error.error}` : describe(error));
  }

  const identity = await identityOf(configuration, settings, tokens).catch((error: unknown) => describe(error));
  if (typeof identity === "string") return failure("failed", cleared, request, identity);
  if (!identity.role) {
    return failure("no-role", cleared, request, `${settings.roleClaim} matches none of PATCHBAY_OIDC_ROLES`, identity.email ?? identity.subject);
  }

  const person = await recordSignIn({ ...identity, role: identity.role });
  const refreshToken = tokens.refresh_token;
  const { sessionId, expiresAt } = await createSession(
    { personId: person.id, idpRefreshToken: (hash) => (refreshToken ? seal(refreshTokenSlot(hash), refreshToken) : null) },
    getConfig().PATCHBAY_SESSION_HOURS,
  );
  const name = identity.email ?? identity.subject;
  await recordAuditEvent({
    actor: name, action: "session.create", entityType: "session", entityName: name,
    detail: {
      client_address: clientAddress(request), via: "single sign-on", person_id: person.id, role: identity.role,
      ...(person.previousRole && person.previousRole !== identity.role ? { previous_role: person.previousRole } : {}),
      expires_at: expiresAt.toISOString(),
    },
  });
  return { location: pending.next, cookies: [cleared, sessionCookie(sessionId, expiresAt, request)] };
}

async function failure(reason: SignInFailure, cleared: string, request: Request, why: string, actor = "anonymous"): Promise<Redirect> {
  await recordAuditEvent({
    actor, action: "session.refuse", entityType: "session", entityName: actor,
    detail: { client_address: clientAddress(request), via: "single sign-on", reason: why },
  });
  return { location: `/sign-in?sso=${reason}`, cookies: [cleared] };
}

/** An error's message for the audit: openid-client's messages name checks, never a code or a token. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : "unknown error";
  console.warn(`Patchbay: a single sign-on did not finish: ${message}`);
  return message;
}
