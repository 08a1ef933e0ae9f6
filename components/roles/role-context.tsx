"use client";

import { createContext, useContext, type ReactNode } from "react";

import { hasRole } from "@/lib/auth/roles";
import type { Role } from "@/lib/schemas/role";

/**
 * The signed-in caller's role, read once on the server by the root layout (the same principal the API sees for
 * the session cookie) and handed to every client component: no request, no flash of controls that then vanish.
 * Without a provider (a page outside the layout) the role is the least one, so nothing is offered by mistake.
 */
const RoleContext = createContext<Role>("viewer");

export function RoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

/** The caller's role, and whether it grants `needed` (lib/auth/roles.ts: admin is everything, runner and editor are siblings). */
export function useRole(): { role: Role; can: (needed: Role) => boolean } {
  const role = useContext(RoleContext);
  return { role, can: (needed) => hasRole(role, needed) };
}
