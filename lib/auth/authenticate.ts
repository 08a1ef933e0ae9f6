import { findActiveSession } from "../data/sessions";
import { findActiveToken } from "../data/tokens";
import { getConfig } from "../env";
import { UnauthorizedError } from "../errors";
import type { Principal } from "./principal";
import { readSessionCookie } from "./session-cookie";

/**
 * The caller behind a request: a Bearer token first, then the session cookie. A Bearer token that is
 * wrong is an error (the client meant to authenticate); a stale cookie is just no session.
 */
export async function authenticate(request: Request): Promise<Principal | null> {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const token = match ? await findActiveToken(match[1]) : null;
    if (!token) throw new UnauthorizedError("The bearer token is unknown, revoked or expired.");
    return { name: token.name, role: token.role, tokenId: token.id, via: "bearer" };
  }

  const sessionId = readSessionCookie(request);
  const session = sessionId ? await findActiveSession(sessionId) : null;
  return session ? { name: session.name, role: session.role, tokenId: session.tokenId, via: "cookie" } : null;
}

/**
 * Whether the credential a long-lived response (an event stream) was opened with still holds: false once
 * its session ended or expired, or its token was revoked or expired.
 */
export async function isStillAuthenticated(request: Request): Promise<boolean> {
  if (getConfig().PATCHBAY_AUTH === "off") return true;
  return authenticate(request).then((principal) => principal !== null, () => false);
}
