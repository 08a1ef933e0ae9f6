import { dehydrate, HydrationBoundary } from "@tanstack/react-query";

import { Overview } from "@/components/overview/overview";
import { PageHeader } from "@/components/ui/page-header";
import { prefetchOverview } from "@/lib/page-data/overview";
import { getQueryClient } from "@/lib/query/query-client";

export const dynamic = "force-dynamic";
export const metadata = { title: "Overview" };

/** `/`: the overview (#31) — where signing in lands, and the logo leads. Its data comes with the HTML. */
export default async function HomePage() {
  const queryClient = getQueryClient();
  await prefetchOverview(queryClient);
  return (
    <>
      <PageHeader title="Overview" description="The registry at a glance: what needs attention, what waits for a decision, what runs and what changed." />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <Overview />
      </HydrationBoundary>
    </>
  );
}
