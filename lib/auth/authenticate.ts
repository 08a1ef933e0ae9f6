import { findActiveToken } from "../data/tokens";
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

  const cookie = readSessionCookie(request);
  const token = cookie ? await findActiveToken(cookie) : null;
  return token ? { name: token.name, role: token.role, tokenId: token.id, via: "cookie" } : null;
}
