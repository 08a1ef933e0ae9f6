"use client";

import Link from "next/link";
import type { ReactNode } from "react";

import { Alert } from "@/components/ui/alert";
import type { Role } from "@/lib/schemas/role";
import { RequiresRole } from "./requires-role";
import { useRole } from "./role-context";

/**
 * A whole page only `role` can use (a create or edit form): anyone else reads why at once, with a way back,
 * instead of filling in a form that can only fail on Save.
 */
export function RoleRequired({ role, what, back, children }: { role: Role; what: string; back: { href: string; label: string }; children: ReactNode }) {
  return <RequiresRole role={role} fallback={<Refusal role={role} what={what} back={back} />}>{children}</RequiresRole>;
}

function Refusal({ role, what, back }: { role: Role; what: string; back: { href: string; label: string } }) {
  const { role: current } = useRole();
  return (
    <Alert tone="warning" title={`${what} needs the ${role} role`}>
      <p>You are signed in as a {current}. Ask an admin for a token with the {role} role.</p>
      <p className="mt-2"><Link href={back.href} className="underline">{back.label}</Link></p>
    </Alert>
  );
}
