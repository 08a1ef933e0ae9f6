import type { Metadata } from "next";

import { AgentFormPage } from "@/components/agents/agent-form-page";
import { RoleRequired } from "@/components/roles/role-required";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit ${decodeURIComponent((await params).name)}` };
}

export default async function EditAgentPage({ params }: Props) {
  return <RoleRequired role="editor" what="Editing an agent" back={{ href: "/agents", label: "All agents" }}><AgentFormPage name={decodeURIComponent((await params).name)} /></RoleRequired>;
}
