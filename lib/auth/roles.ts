import { ROLES, type Role } from "../schemas/role";

/**
 * What each role may act as (DESIGN §7). `runner` and `editor` are siblings: whoever edits definitions does
 * not thereby read secrets, and a machine that reads blueprints cannot change them. `admin` is everything.
 */
const GRANTS: Record<Role, readonly Role[]> = {
  viewer: ["viewer"],
  runner: ["viewer", "runner"],
  editor: ["viewer", "editor"],
  admin: ROLES,
};

export function hasRole(actual: Role, needed: Role): boolean {
  return GRANTS[actual].includes(needed);
}

/** Who sees registry secrets and literal secrets in clear in blueprints (DESIGN §7): runner and admin. */
export function canReadBlueprintSecrets(role: Role): boolean {
  return hasRole(role, "runner");
}

/** Who sees literal secrets in clear outside blueprints (DESIGN §7: a runner is a viewer there): admin. */
export function canReadStoredSecrets(role: Role): boolean {
  return hasRole(role, "admin");
}

/** DESIGN §18: who uses gateways by role — runner, editor or admin; a viewer only when an agent lists them (`users`). */
export function usesGateways(role: Role): boolean {
  return hasRole(role, "runner") || hasRole(role, "editor");
}
