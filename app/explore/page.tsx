import { ExplorePage } from "@/components/upstream/explore-page";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { getPagePrincipal } from "@/lib/auth/page-principal";
import { hasRole } from "@/lib/auth/roles";
import { getConfig } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata = { title: "Explore" };

export default async function Page() {
  const upstream = getConfig().PATCHBAY_UPSTREAM_URL;
  const principal = await getPagePrincipal();
  return (
    <>
      <PageHeader title="Explore" description={upstream ? `Servers of the upstream registry ${upstream}, each as it would import.` : "Servers of an upstream registry."} />
      {upstream
        ? <ExplorePage canAdd={hasRole(principal.role, "editor")} />
        : <EmptyState title="No upstream registry">Set PATCHBAY_UPSTREAM_URL to an official-registry-compatible /v0.1 base to explore it here.</EmptyState>}
    </>
  );
}
