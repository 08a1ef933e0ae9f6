import { getDb } from "../db";
import type { Principal } from "../auth/principal";
import { hasRole } from "../auth/roles";
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

/** The principal an account is now, when it may still use a gateway (runner, editor or admin); null otherwise. */
export async function gatewayPrincipalOf(accountId: string): Promise<Principal | null> {
  const [type, id] = splitAccount(accountId);
  if (type === "person") {
    // A person's clients go on while the person stands: signed in somewhere, and vouched for by the provider.
    const standing = await findPersonStanding(id);
    const principal = standing && { name: standing.name, role: standing.role, tokenId: null, personId: id, via: "oauth" as const };
    return principal && mayUseGateways(principal) ? principal : null;
  }
  if (type === "token") {
    const token = await getDb().apiToken.findUnique({ where: { id }, select: { name: true, role: true, revokedAt: true, expiresAt: true } });
    if (!token || token.revokedAt || (token.expiresAt && token.expiresAt <= new Date())) return null;
    const principal = { name: token.name, role: token.role as Role, tokenId: id, via: "oauth" as const };
    return mayUseGateways(principal) ? principal : null;
  }
  return null;
}

/** DESIGN §18: a person (or token) uses gateways as runner, editor or admin; a viewer only looks. */
export function mayUseGateways(principal: Pick<Principal, "role">): boolean {
  return hasRole(principal.role, "runner") || hasRole(principal.role, "editor");
}

function splitAccount(accountId: string): [string, string] {
  const at = accountId.indexOf(":");
  return at < 0 ? ["", ""] : [accountId.slice(0, at), accountId.slice(at + 1)];
}
