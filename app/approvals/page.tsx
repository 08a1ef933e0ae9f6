import { ApprovalsInbox } from "@/components/approvals/approvals-inbox";
import { HeadedPage } from "@/components/ui/page-header";

export const metadata = { title: "Approvals" };

export default function ApprovalsPage() {
  return <HeadedPage title="Approvals" description="Tool calls that a server's tool_policy holds for approval, and tool drift under on_drift: require_approval. Someone other than the requester decides; an approved call runs once."><ApprovalsInbox /></HeadedPage>;
}
