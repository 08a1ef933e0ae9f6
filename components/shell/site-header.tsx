import Link from "next/link";

import { SessionMenu } from "@/components/auth/session-menu";
import { getPagePrincipal } from "@/lib/auth/page-principal";
import { hasRole } from "@/lib/auth/roles";

import { NavLink } from "./nav-link";

export async function SiteHeader() {
  const principal = await getPagePrincipal();
  const isSignedIn = principal.via === "cookie";
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/mcp-servers" className="flex items-center gap-2 font-semibold">
          <img src="/icon.svg" alt="" width={24} height={24} />
          Patchbay
        </Link>
        {principal.via !== "anonymous" && (
          <nav aria-label="Main">
            <ul className="flex flex-wrap gap-1">
              <li><NavLink href="/mcp-servers">Servers</NavLink></li>
              <li><NavLink href="/explore">Explore</NavLink></li>
              <li><NavLink href="/capabilities">Capabilities</NavLink></li>
              <li><NavLink href="/agents">Agents</NavLink></li>
              <li><NavLink href="/variables">Variables</NavLink></li>
              <li><NavLink href="/audit">Audit</NavLink></li>
              <li><NavLink href="/api-docs">API docs</NavLink></li>
              {hasRole(principal.role, "admin") && <li><NavLink href="/import">Import</NavLink></li>}
              {hasRole(principal.role, "admin") && <li><NavLink href="/tokens">Tokens</NavLink></li>}
            </ul>
          </nav>
        )}
        {isSignedIn && <SessionMenu name={principal.name} role={principal.role} />}
      </div>
    </header>
  );
}
