import type { Metadata } from "next";

import { AgentDetail } from "@/components/agents/agent-detail";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).name) };
}

export default async function AgentPage({ params }: Props) {
  return <AgentDetail name={decodeURIComponent((await params).name)} />;
}
