"use client";

import { Button } from "@/components/ui/button";
import { useSignOut } from "@/lib/query/use-sign-out";

/** Who is signed in, and the way out. */
export function SessionMenu({ name, role }: { name: string; role: string }) {
  const session = useSignOut();

  function signOut() {
    // Off to the sign-in page either way, as before: a failed DELETE leaves nothing for this page to show.
    session.mutate(undefined, { onSettled: () => window.location.assign("/sign-in") });
  }

  return (
    <div className="ml-auto flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <span>{name} <span className="text-xs">({role})</span></span>
      <Button size="sm" variant="ghost" onClick={signOut}>Sign out</Button>
    </div>
  );
}
