import * as oidc from "openid-client";

import { recordAuditEvent } from "../audit/audit-events";
import { getDb } from "../db";
import type { Role } from "../schemas/role";
import { seal, unseal } from "../secrets/sealed-values";
import { identityOf } from "./identity-claims";
import { providerConfiguration, singleSignOn } from "./identity-provider";
import { updatePerson } from "./people";

/** A person's session as the recheck needs it. */
export type PersonSession = { hash: string; personId: string; role: Role; idpRefreshToken: string | null; idpCheckedAt: Date | null };

/** The role a person's session has now, and when the provider is to be asked again (null: never, no refresh token). */
export type Vouched = { role: Role; nextCheckAt: Date | null };

/** A session's refresh token is bound to the session (by its hash): copied to another row it does not open. */
export function refreshTokenSlot(sessionHash: string): string {
  return `people/session/${sessionHash}/refresh`;
}

/**
 * DESIGN §18: a person's session lasts while the identity provider vouches for them. Every PATCHBAY_OIDC_RECHECK_S
 * the session's refresh token is used once (one process wins the turn); the provider refusing it ends the session
 * (the person was removed or signed out everywhere), and the claims it answers set the role again. Answers the
 * role to use now, or null when the session is over. A provider that cannot be reached is asked again at the next
 * turn; a session without a refresh token (the provider gave none) lasts its hours. With single sign-on no longer
 * configured, no person's session goes on.
 */
export async function recheckWithProvider(session: PersonSession): Promise<Vouched | null> {
  const settings = singleSignOn();
  if (!settings) return null;
  const now = new Date();
  if (!session.idpRefreshToken) return { role: session.role, nextCheckAt: null };
  const lastCheck = session.idpCheckedAt ?? new Date(0);
  const nextCheckAt = new Date(now.getTime() + settings.recheckMs);
  if (now.getTime() - lastCheck.getTime() < settings.recheckMs) return { role: session.role, nextCheckAt: new Date(lastCheck.getTime() + settings.recheckMs) };
  if (!(await takeTurn(session, now))) return { role: session.role, nextCheckAt };

  const refreshToken = unseal(refreshTokenSlot(session.hash), session.idpRefreshToken);
  if (!refreshToken) return endSession(session, "its refresh token no longer opens (the secret key was replaced)");
  try {
    const configuration = await providerConfiguration(settings);
    const tokens = await oidc.refreshTokenGrant(configuration, refreshToken);
    const identity = tokens.id_token ? await identityOf(configuration, settings, tokens) : null;
    if (identity && !identity.role) return endSession(session, `${settings.roleClaim} matches none of PATCHBAY_OIDC_ROLES any more`);
    const role = identity?.role ?? session.role;
    await getDb().session.update({
      where: { hash: session.hash },
      data: { idpRefreshToken: tokens.refresh_token ? seal(refreshTokenSlot(session.hash), tokens.refresh_token) : session.idpRefreshToken },
    });
    if (identity) await updatePerson(session.personId, { role, groups: identity.groups });
    return { role, nextCheckAt };
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError) return endSession(session, `the identity provider refused to vouch for them again (${error.error})`);
    console.warn(`Patchbay: asking the identity provider about a session failed; asking again in the next turn: ${(error as Error).message}`);
    return { role: session.role, nextCheckAt };
  }
}

/** One process (and one request) per turn: the one whose update still finds the check time it read. */
async function takeTurn(session: PersonSession, now: Date): Promise<boolean> {
  const taken = await getDb().session.updateMany({ where: { hash: session.hash, endedAt: null, idpCheckedAt: session.idpCheckedAt }, data: { idpCheckedAt: now } });
  return taken.count === 1;
}

async function endSession(session: PersonSession, reason: string): Promise<null> {
  await getDb().session.update({ where: { hash: session.hash }, data: { endedAt: new Date(), idpRefreshToken: null } });
  const person = await getDb().person.findUnique({ where: { id: session.personId }, select: { email: true, subject: true } });
  const name = person?.email ?? person?.subject ?? session.personId;
  await recordAuditEvent({ actor: name, action: "session.end", entityType: "session", entityName: name, detail: { person_id: session.personId, reason } });
  return null;
}
