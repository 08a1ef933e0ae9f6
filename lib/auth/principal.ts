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
