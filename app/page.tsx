import { Overview } from "@/components/overview/overview";
import { PageHeader } from "@/components/ui/page-header";

export const dynamic = "force-dynamic";
export const metadata = { title: "Overview" };

/** `/`: the overview (#31) — where signing in lands, and the logo leads. */
export default function HomePage() {
  return (
    <>
      <PageHeader title="Overview" description="The registry at a glance: what needs attention, what waits for a decision, what runs and what changed." />
      <Overview />
    </>
  );
}
