import type { Principal } from "@/lib/auth/principal";
import { hasRole } from "@/lib/auth/roles";
import { getConfig } from "@/lib/env";

import type { NavEntry } from "./main-nav";

const EVERYONE: NavEntry[] = [
  { href: "/", label: "Overview" },
  { href: "/mcp-servers", label: "Servers" },
  { href: "/tools", label: "Tools" },
  { href: "/approvals", label: "Approvals" },
  { href: "/explore", label: "Explore" },
  { href: "/capabilities", label: "Capabilities" },
  { href: "/agents", label: "Agents" },
  { href: "/variables", label: "Variables" },
  { href: "/audit", label: "Audit" },
  { href: "/api-docs", label: "API docs" },
];
const ADMINS: NavEntry[] = [{ href: "/import", label: "Import" }];
// Everyone signed in: an admin mints and revokes tokens there, and each person sees the MCP clients they allowed.
const TOKENS: NavEntry = { href: "/tokens", label: "Tokens" };

/** The pages a caller is offered, in the main navigation and the command palette alike; none before signing in. */
export function navEntriesFor(principal: Principal): NavEntry[] {
  if (principal.via === "anonymous") return [];
  // Explore has nothing to show without an upstream registry: its page explains that, the navigation skips it.
  const everyone = getConfig().PATCHBAY_UPSTREAM_URL ? EVERYONE : EVERYONE.filter((entry) => entry.href !== "/explore");
  return [...everyone, ...(hasRole(principal.role, "admin") ? ADMINS : []), TOKENS];
}
