import { Suspense } from "react";

import { VariablesPage } from "@/components/variables/variables-page";
import { getPagePrincipal } from "@/lib/auth/page-principal";
import { hasRole } from "@/lib/auth/roles";

export const metadata = { title: "Variables" };

/** Every role reads variables (secret values never); only admins write them, as the API enforces. */
export default async function VariablesRoute() {
  const principal = await getPagePrincipal();
  return <Suspense><VariablesPage canEdit={hasRole(principal.role, "admin")} /></Suspense>;
}
