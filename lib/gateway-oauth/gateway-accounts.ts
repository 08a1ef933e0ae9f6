import { getDb } from "../db";
import type { Principal } from "../auth/principal";
import { usesGateways } from "../auth/roles";
import { findPersonStanding } from "../auth/sessions";
import type { Role } from "../schemas/role";

/**
 * Whom a gateway grant speaks for: a person who signed in with single sign-on (`person:<id>`) or the token a
 * session was opened with (`token:<id>`). Resolved afresh for every call, so a demoted person, a revoked token or
 * a person who is gone (signed out everywhere, or no longer vouched for by the identity provider) stops the
 * grant's tokens at once.
 */
export function accountOf(principal: Principal): string | null {
  if (principal.personId) return `person:${principal.personId}`;
  if (principal.tokenId) return `token:${principal.tokenId}`;
  return null;
}

/** The principal an account is now: a person while they stand; a token while active and a runner, editor or admin. Null otherwise. */
export async function gatewayPrincipalOf(accountId: string): Promise<Principal | null> {
  const [type, id] = splitAccount(accountId);
  if (type === "person") {
    // A person's clients go on while the person stands: signed in somewhere, and vouched for by the provider.
    const standing = await findPersonStanding(id);
    // Whatever their role: which gateways a person may use is decided per gateway (lib/gateway/agent-users.ts).
    return standing && { name: standing.name, role: standing.role, tokenId: null, personId: id, via: "oauth" as const };
  }
  if (type === "token") {
    const token = await getDb().apiToken.findUnique({ where: { id }, select: { name: true, role: true, revokedAt: true, expiresAt: true } });
    if (!token || token.revokedAt || (token.expiresAt && token.expiresAt <= new Date())) return null;
    const principal = { name: token.name, role: token.role as Role, tokenId: id, via: "oauth" as const };
    return usesGateways(principal.role) ? principal : null;
  }
  return null;
}


function splitAccount(accountId: string): [string, string] {
  const at = accountId.indexOf(":");
  return at < 0 ? ["", ""] : [accountId.slice(0, at), accountId.slice(at + 1)];
}
