import { Suspense } from "react";

import { AgentList } from "@/components/agents/agent-list";

export const metadata = { title: "Agents" };

export default function AgentsPage() {
  return <Suspense><AgentList /></Suspense>;
}
