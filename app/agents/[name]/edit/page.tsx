import type { Metadata } from "next";

import { AgentFormPage } from "@/components/agents/agent-form-page";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit ${decodeURIComponent((await params).name)}` };
}

export default async function EditAgentPage({ params }: Props) {
  return <AgentFormPage name={decodeURIComponent((await params).name)} />;
}
