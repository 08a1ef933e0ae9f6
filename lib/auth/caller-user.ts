import { getDb } from "../db";
import type { Role } from "../schemas/role";
import type { Principal } from "./principal";

/**
 * Who calls, as tool policies see it in `context.user` (DESIGN §18 "Per person"):
 * - a person (signed in with single sign-on, by session or gateway access token):
 *   `{"type": "person", "email", "name", "groups": [...], "role"}` — email and name as the identity provider last
 *   gave them (either may be null), groups the claim's values at the last sign-in or recheck, role the one in force;
 * - a token: `{"type": "token", "name", "role"}`;
 * - with PATCHBAY_AUTH=off, or nobody: `{"type": "anonymous", "name": "anonymous", "role"}`.
 * A policy asks for a person with `"type": {"const": "person"}` and, say, `"email": {"const": …}` or
 * `"groups": {"contains": {"const": …}}`.
 */
export type CallerUser =
  | { type: "person"; email: string | null; name: string | null; groups: string[]; role: Role }
  | { type: "token"; name: string; role: Role }
  | { type: "anonymous"; name: string; role: Role };

/** The caller's `context.user`; a person is read afresh (their groups may have changed since the session opened). */
export async function callerUserOf(principal: Principal): Promise<CallerUser> {
  if (principal.personId) {
    const person = await getDb().person.findUnique({ where: { id: principal.personId }, select: { email: true, name: true, groups: true } });
    return { type: "person", email: person?.email ?? null, name: person?.name ?? null, groups: parseGroups(person?.groups), role: principal.role };
  }
  if (principal.tokenId) return { type: "token", name: principal.name, role: principal.role };
  return { type: "anonymous", name: principal.name, role: principal.role };
}

/**
 * The context policies match: the caller's own, with `user` set by Patchbay. A `user` the caller sent is replaced,
 * never merged: it would otherwise let anyone claim to be someone else to an `allowed_when`.
 */
export function withCallerUser(context: Record<string, unknown>, user: CallerUser): Record<string, unknown> {
  return { ...context, user };
}

/**
 * Whether an agent's `users` (emails or groups) name this caller (DESIGN §18): a person by their email (case
 * ignored) or by one of their groups (exactly). Only people are ever listed; a token is not a person.
 */
export function isListedUser(users: readonly string[], user: CallerUser): boolean {
  if (user.type !== "person") return false;
  const email = user.email?.toLowerCase();
  return users.some((entry) => (email !== undefined && entry.toLowerCase() === email) || user.groups.includes(entry));
}

function parseGroups(text: string | undefined): string[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.filter((group): group is string => typeof group === "string") : [];
  } catch {
    return [];
  }
}
