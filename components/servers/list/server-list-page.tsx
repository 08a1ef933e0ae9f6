import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import Link from "next/link";

import { RequiresRole } from "@/components/roles/requires-role";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { parseListFilters, recordParams } from "@/lib/query/list-filters";
import { getQueryClient } from "@/lib/query/query-client";
import { listTagSuggestions, prefetchServerList } from "@/lib/page-data/servers";
import { SyncPanel } from "@/components/sync/sync-panel";
import { getSyncStatus } from "@/lib/sync/sync-status";
import { ServerList } from "./server-list";

type SearchParams = Record<string, string | string[] | undefined>;

/** Server component: renders the first page from the database, then hands over to TanStack Query. */
export async function ServerListPage({ searchParams }: { searchParams: SearchParams }) {
  const queryClient = getQueryClient();
  const [, tags] = await Promise.all([
    prefetchServerList(queryClient, parseListFilters(recordParams(searchParams))),
    listTagSuggestions(10_000), // every tag: the top ones become chips, the rest the "More tags" picker
  ]);

  return (
    <>
      <PageHeader
        title="MCP servers"
        description="Every MCP server the registry knows, by name."
        actions={<RequiresRole role="editor"><Link href="/mcp-servers/new" className={buttonClass({ variant: "primary" })}>New server</Link></RequiresRole>}
      />
      <SyncPanel initial={getSyncStatus()} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ServerList tags={tags} />
      </HydrationBoundary>
    </>
  );
}
