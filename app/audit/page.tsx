import { AuditLog } from "@/components/security/audit-log";
import { HeadedPage } from "@/components/ui/page-header";

export const metadata = { title: "Audit log" };

export default function AuditPage() {
  return <HeadedPage title="Audit log" description="Every change to a server, capability or agent: who, when, and the revision it wrote."><AuditLog /></HeadedPage>;
}
