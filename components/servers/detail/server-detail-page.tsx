import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";

import { getPagePrincipal } from "@/lib/auth/page-principal";
import { hasRole } from "@/lib/auth/roles";
import { getQueryClient } from "@/lib/query/query-client";
import { prefetchServer } from "@/lib/page-data/servers";
import { ServerDetail } from "./server-detail";

/** Server component: the definition and its history come with the HTML; 404 page for an unknown name. */
export async function ServerDetailPage({ name }: { name: string }) {
  const queryClient = getQueryClient();
  const server = await prefetchServer(queryClient, name);
  if (!server) notFound();
  const principal = await getPagePrincipal();

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ServerDetail name={name} canPin={hasRole(principal.role, "editor")} isAdmin={hasRole(principal.role, "admin")} />
    </HydrationBoundary>
  );
}
