import { ComingSoon } from "@/components/shell/coming-soon";

export const metadata = { title: "Agents" };

export default function AgentsPage() {
  return <ComingSoon title="Agents" />;
}
