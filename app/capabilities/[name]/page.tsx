import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { CapabilityDetail } from "@/components/capabilities/capability-detail";
import { prefetchCapabilityDetail } from "@/lib/page-data/documents";
import { getQueryClient } from "@/lib/query/query-client";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).name) };
}

export default async function CapabilityPage({ params }: Props) {
  const name = decodeURIComponent((await params).name);
  const queryClient = getQueryClient();
  await prefetchCapabilityDetail(queryClient, name);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CapabilityDetail name={name} />
    </HydrationBoundary>
  );
}
