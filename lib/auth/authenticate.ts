import { findActiveSession } from "./sessions";
import { findActiveToken } from "./tokens";
import { getConfig } from "../env";
import { UnauthorizedError } from "../errors";
import { clientAddress } from "../http/client-address";
import { checkThrottled, refuseKnownThrottled } from "./failed-auth-throttle";
import type { Principal } from "./principal";
import { cachedPrincipal } from "./principal-cache";
import { takeStampsFor } from "../read-model/change-stamps";
import { readSessionCookie } from "./session-cookie";

/**
 * The caller behind a request: a Bearer token first, then the session cookie. A Bearer token that is
 * wrong is an error (the client meant to authenticate); a stale cookie is just no session. Both count as
 * failed authentications of the client address, and an address over the limit is refused with 429 before
 * its credential is looked at (lib/auth/failed-auth-throttle.ts).
 */
export async function authenticate(request: Request): Promise<Principal | null> {
  const authorization = request.headers.get("authorization");
  const sessionId = authorization ? null : readSessionCookie(request);
  if (!authorization && !sessionId) return null;
  const address = clientAddress(request);
  refuseKnownThrottled(address);

  if (authorization) {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    const principal = token
      ? await cachedPrincipal(`bearer:${token}`, () => checkThrottled(address, () => loadTokenPrincipal(token)), () => takeStampsFor(request))
      : await checkThrottled(address, async () => null);
    if (!principal) throw new UnauthorizedError("The bearer token is unknown, revoked or expired.");
    return principal;
  }
  return cachedPrincipal(`cookie:${sessionId}`, () => checkThrottled(address, () => loadSessionPrincipal(sessionId!)), () => takeStampsFor(request));
}

async function loadTokenPrincipal(token: string) {
  const found = await findActiveToken(token);
  return found && { principal: { name: found.name, role: found.role, tokenId: found.id, via: "bearer" as const }, expiresAt: found.expiresAt };
}

async function loadSessionPrincipal(sessionId: string) {
  const found = await findActiveSession(sessionId);
  return found && { principal: { name: found.name, role: found.role, tokenId: found.tokenId, personId: found.personId, via: "cookie" as const }, expiresAt: found.expiresAt };
}

/**
 * Whether the credential a long-lived response (an event stream) was opened with still holds: false once
 * its session ended or expired, or its token was revoked or expired.
 */
export async function isStillAuthenticated(request: Request): Promise<boolean> {
  if (getConfig().PATCHBAY_AUTH === "off") return true;
  return authenticate(request).then((principal) => principal !== null, () => false);
}
