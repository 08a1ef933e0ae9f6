import { ExplorePage } from "@/components/upstream/explore-page";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { getConfig } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata = { title: "Explore" };

export default function Page() {
  const upstream = getConfig().PATCHBAY_UPSTREAM_URL;
  return (
    <>
      <PageHeader title="Explore" description={upstream ? `Servers of the upstream registry ${upstream}, each as it would import.` : "Servers of an upstream registry."} />
      {upstream
        ? <ExplorePage />
        : (
          <EmptyState title="No upstream registry is configured">
            <p>
              Explore pages through another MCP registry — the official one, or any registry that speaks its <code>/v0.1</code> API —
              and adds its servers here with one click, each converted as an import would.
            </p>
            <p className="mt-2">
              To use it, start Patchbay with <code>PATCHBAY_UPSTREAM_URL</code> set to that registry&apos;s <code>/v0.1</code> base, for example
              {" "}<code>PATCHBAY_UPSTREAM_URL=https://registry.modelcontextprotocol.io/v0.1</code>. The README&apos;s
              “GitOps sync and the upstream mirror” section has the details. Until then this page is not in the navigation.
            </p>
          </EmptyState>
        )}
    </>
  );
}
