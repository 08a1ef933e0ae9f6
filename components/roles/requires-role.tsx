"use client";

import type { ReactNode } from "react";

import type { Role } from "@/lib/schemas/role";
import { useRole } from "./role-context";

/**
 * Shows its children only to a caller whose role grants `role` — the role the API operation behind them asks
 * for (lib/api/*.ts `role:`) — so a viewer is never offered a control that can only fail on Save. `fallback`
 * stands in for the others (a sentence saying who can).
 */
export function RequiresRole({ role, fallback = null, children }: { role: Role; fallback?: ReactNode; children: ReactNode }) {
  const { can } = useRole();
  return <>{can(role) ? children : fallback}</>;
}

