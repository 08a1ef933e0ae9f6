import type { Role } from "../api/operation";

/** Each role includes the ones before it (DESIGN §7). */
export const ROLES = ["viewer", "runner", "editor", "admin"] as const satisfies readonly Role[];

export function hasRole(actual: Role, needed: Role): boolean {
  return ROLES.indexOf(actual) >= ROLES.indexOf(needed);
}
