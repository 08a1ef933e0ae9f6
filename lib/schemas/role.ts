/** The roles, least first (DESIGN §7): the API table, the auth layer, tokens and sessions all speak these. */
export const ROLES = ["viewer", "runner", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];
