import Link from "next/link";

import { SessionMenu } from "@/components/auth/session-menu";
import { getPagePrincipal } from "@/lib/auth/page-principal";

import { CommandPaletteButton } from "./command-palette";
import { MainNav } from "./main-nav";
import { navEntriesFor } from "./nav-entries";

export async function SiteHeader() {
  const principal = await getPagePrincipal();
  const isSignedIn = principal.via === "cookie";
  const entries = navEntriesFor(principal);
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="flex items-center gap-2 font-semibold">
          <img src="/icon.svg" alt="" width={24} height={24} />
          Patchbay
        </Link>
        {entries.length > 0 && <MainNav entries={entries} />}
        {entries.length > 0 && <CommandPaletteButton />}
        {isSignedIn && <SessionMenu name={principal.name} role={principal.role} />}
      </div>
    </header>
  );
}
