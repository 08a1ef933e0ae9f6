"use client";

import { Button } from "@/components/ui/button";
import { signOut } from "@/lib/query/session";

/** Who is signed in, and the way out. The header sits outside the QueryClient, so this is a plain call, not a hook. */
export function SessionMenu({ name, role }: { name: string; role: string }) {
  async function leave() {
    // Off to the sign-in page either way, as before: a failed DELETE leaves nothing for this page to show.
    await signOut();
    window.location.assign("/sign-in");
  }

  return (
    <div className="ml-auto flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <span>{name} <span className="text-xs">({role})</span></span>
      <Button size="sm" variant="ghost" onClick={() => void leave()}>Sign out</Button>
    </div>
  );
}
