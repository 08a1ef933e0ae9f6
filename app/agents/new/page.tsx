import { AgentFormPage } from "@/components/agents/agent-form-page";

export const metadata = { title: "New agent" };

export default function NewAgentPage() {
  return <AgentFormPage />;
}
