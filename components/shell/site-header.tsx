import Link from "next/link";

import { SessionMenu } from "@/components/auth/session-menu";
import { getPagePrincipal } from "@/lib/auth/page-principal";
import { hasRole } from "@/lib/auth/roles";
import { getConfig } from "@/lib/env";

import { MainNav, type NavEntry } from "./main-nav";

const EVERYONE: NavEntry[] = [
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

export async function SiteHeader() {
  const principal = await getPagePrincipal();
  const isSignedIn = principal.via === "cookie";
  // Explore has nothing to show without an upstream registry: its page explains that, the navigation skips it.
  const everyone = getConfig().PATCHBAY_UPSTREAM_URL ? EVERYONE : EVERYONE.filter((entry) => entry.href !== "/explore");
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/mcp-servers" className="flex items-center gap-2 font-semibold">
          <img src="/icon.svg" alt="" width={24} height={24} />
          Patchbay
        </Link>
        {principal.via !== "anonymous" && <MainNav entries={[...everyone, ...(hasRole(principal.role, "admin") ? ADMINS : []), TOKENS]} />}
        {isSignedIn && <SessionMenu name={principal.name} role={principal.role} />}
      </div>
    </header>
  );
}
