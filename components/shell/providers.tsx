"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

import { getQueryClient } from "@/lib/query/query-client";
import { useHealthEvents } from "@/lib/query/health-events";
import type { Role } from "@/lib/schemas/role";
import { RoleProvider } from "../roles/role-context";

/** Pages shown before signing in: they have no health to show, and the stream would answer 401. */
const SIGNED_OUT_PAGES = new Set(["/sign-in"]);

/** `environment`: the registry's own, which every health dot shows (GET …/health's default). */
export function Providers({ role, environment, children }: { role: Role; environment: string; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <QueryClientProvider client={getQueryClient()}>
      <RoleProvider role={role}>
        {!SIGNED_OUT_PAGES.has(pathname) && <LiveHealth environment={environment} />}
        {children}
      </RoleProvider>
    </QueryClientProvider>
  );
}

/** One server-sent event stream per tab keeps every health dot and panel current without a reload. */
function LiveHealth({ environment }: { environment: string }) {
  useHealthEvents(environment);
  return null;
}
