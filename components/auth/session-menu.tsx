"use client";

import { Button } from "@/components/ui/button";

/** Who is signed in, and the way out. */
export function SessionMenu({ name, role }: { name: string; role: string }) {
  async function signOut() {
    await fetch("/api/session", { method: "DELETE" });
    window.location.assign("/sign-in");
  }

  return (
    <div className="ml-auto flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <span>{name} <span className="text-xs">({role})</span></span>
      <Button size="sm" variant="ghost" onClick={() => void signOut()}>Sign out</Button>
    </div>
  );
}
