import type { RoleMapping } from "../env";
import { ROLES, type Role } from "../schemas/role";

/** A claim's values as a list: an array of strings, or one string (some providers send a single group so). */
export function claimValues(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

/**
 * The role PATCHBAY_OIDC_ROLES gives someone with these claim values (DESIGN §18): the highest role among the
 * mappings that match, in the order of ROLES (`*` matches anyone), or null when none does — then they may not sign in.
 */
export function roleFromClaimValues(values: string[], mappings: RoleMapping[]): Role | null {
  const matched = mappings.filter((mapping) => mapping.value === "*" || values.includes(mapping.value)).map((mapping) => mapping.role);
  return [...ROLES].reverse().find((role) => matched.includes(role)) ?? null;
}
