import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";

import { getQueryClient } from "@/lib/query/query-client";
import { prefetchServer, prefetchServerDetail } from "@/lib/page-data/servers";
import { ServerDetail } from "./server-detail";

/** Server component: the definition, its history and every panel's first data come with the HTML; 404 page for an unknown name. */
export async function ServerDetailPage({ name }: { name: string }) {
  const queryClient = getQueryClient();
  const server = await prefetchServer(queryClient, name);
  if (!server) notFound();
  await prefetchServerDetail(queryClient, server);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ServerDetail name={name} />
    </HydrationBoundary>
  );
}
