import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { AgentDetail } from "@/components/agents/agent-detail";
import { prefetchAgentDetail } from "@/lib/page-data/documents";
import { getQueryClient } from "@/lib/query/query-client";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).name) };
}

export default async function AgentPage({ params }: Props) {
  const name = decodeURIComponent((await params).name);
  const queryClient = getQueryClient();
  await prefetchAgentDetail(queryClient, name);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AgentDetail name={name} />
    </HydrationBoundary>
  );
}
