import type { Role } from "../schemas/role";

/** Who is calling: a token (by header or session cookie), a person (by session cookie or a gateway access token, DESIGN §18), or everyone when auth is off. */
export type Principal = {
  /** A token's name, or a person's email. */
  name: string;
  role: Role;
  tokenId: string | null;
  personId?: string | null;
  /** `oauth`: an access token of the gateway's authorization server, good for one gateway only (DESIGN §18). */
  via: "bearer" | "cookie" | "oauth" | "auth-off" | "anonymous";
};

/** With PATCHBAY_AUTH=off every caller may do everything; revisions name them "anonymous". */
export const AUTH_OFF_PRINCIPAL: Principal = { name: "anonymous", role: "admin", tokenId: null, via: "auth-off" };
export const ANONYMOUS: Principal = { name: "anonymous", role: "viewer", tokenId: null, via: "anonymous" };

/**
 * Who a principal is, by identity rather than by name (names are not unique: two tokens may share one, a token may
 * be named like a person's email): `person:<id>` for a person, whichever way they came; `token:<id>` for a token; the
 * `via` of the shared principals (auth off, anonymous). What an approval is bound to (lib/audit/approvals.ts).
 */
export function principalKey(principal: Principal): string {
  if (principal.personId) return `person:${principal.personId}`;
  if (principal.tokenId) return `token:${principal.tokenId}`;
  return principal.via;
}
