import { AuditLog } from "@/components/security/audit-log";
import { HeadedPage } from "@/components/ui/page-header";
import type { AuditFilters } from "@/lib/query/audit";

export const metadata = { title: "Audit log" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `/audit?entity_type=server&name=docs` opens the log filtered so (a deleted definition's history is linked so). */
export default async function AuditPage({ searchParams }: Props) {
  const params = await searchParams;
  const filters: AuditFilters = {};
  for (const key of ["entity_type", "action", "actor", "name"] as const) {
    const value = params[key];
    if (typeof value === "string" && value !== "") filters[key] = value;
  }
  return (
    <HeadedPage title="Audit log" description="Every change to a server, capability or agent: who, when, and the revision it wrote.">
      <AuditLog key={JSON.stringify(filters)} initialFilters={filters} />
    </HeadedPage>
  );
}
