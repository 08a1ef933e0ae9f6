import { AgentFormPage } from "@/components/agents/agent-form-page";
import { RoleRequired } from "@/components/roles/role-required";

export const metadata = { title: "New agent" };

export default function NewAgentPage() {
  return <RoleRequired role="editor" what="Creating an agent" back={{ href: "/agents", label: "All agents" }}><AgentFormPage /></RoleRequired>;
}
