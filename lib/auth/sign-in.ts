import { recordAuditEvent } from "../audit/audit-events";
import { revokeAtProvider } from "../people/idp-revocation";
import { createSession, endSession } from "./sessions";
import { findActiveToken, findTokenName } from "./tokens";
import { getConfig } from "../env";
import { UnauthorizedError } from "../errors";
import { clientAddress } from "../http/client-address";
import type { Role } from "../schemas/role";
import { checkThrottled } from "./failed-auth-throttle";
import { readSessionCookie } from "./session-cookie";

/**
 * POST /api/session: a failed attempt counts against the client address like any failed authentication, and an
 * address over that limit is refused (429) before the token is looked at (lib/auth/failed-auth-throttle.ts). Audited
 * whether it succeeds or not (the token's name when known, never the token); on success a new server-side session.
 */
export async function signIn(token: string, request: Request): Promise<{ name: string; role: Role; sessionId: string; expiresAt: Date }> {
  const address = clientAddress(request);
  const found = await checkThrottled(address, () => findActiveToken(token));
  if (!found) {
    const name = await findTokenName(token);
    await recordAuditEvent({
      actor: name ?? "anonymous", action: "session.refuse", entityType: "session", entityName: name ?? "unknown token",
      detail: { client_address: address, reason: name ? "revoked or expired token" : "unknown token" },
    });
    throw new UnauthorizedError("That token is unknown, revoked or expired.");
  }

  const { sessionId, expiresAt } = await createSession({ tokenId: found.id }, getConfig().PATCHBAY_SESSION_HOURS);
  await recordAuditEvent({
    actor: found.name, action: "session.create", entityType: "session", entityName: found.name,
    detail: { client_address: address, role: found.role, token_id: found.id, expires_at: expiresAt.toISOString() },
  });
  return { name: found.name, role: found.role, sessionId, expiresAt };
}

/**
 * POST /api/session/preview: the name of the token a sign-in link carries, so the page can ask "Sign in as <name>"
 * before anything happens (DESIGN §14: a link alone must not sign anyone in). Throttled and counted exactly like a
 * sign-in, so it is no cheaper way to guess; it creates no session.
 */
export async function previewSignIn(token: string, request: Request): Promise<{ name: string }> {
  const found = await checkThrottled(clientAddress(request), () => findActiveToken(token));
  if (!found) throw new UnauthorizedError("That token is unknown, revoked or expired.");
  return { name: found.name };
}

/** DELETE /api/session: the session row ends at once (the cookie is cleared by the caller either way); a person's refresh token is revoked at the provider (lib/people/idp-revocation.ts). */
export async function signOut(request: Request): Promise<void> {
  const sessionId = readSessionCookie(request);
  const owner = sessionId ? await endSession(sessionId) : null;
  if (!owner) return;
  if (owner.refreshToken) revokeAtProvider(owner.refreshToken.sessionHash, owner.refreshToken.sealed);
  await recordAuditEvent({
    actor: owner.name, action: "session.end", entityType: "session", entityName: owner.name,
    detail: { client_address: clientAddress(request), ...(owner.personId ? { person_id: owner.personId } : { token_id: owner.tokenId }) },
  });
}
