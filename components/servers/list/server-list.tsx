"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { RequiresRole } from "@/components/roles/requires-role";
import { useRole } from "@/components/roles/role-context";
import type { SortableColumn } from "@/components/ui/sort-button";
import { hasFilters, PAGE_SIZE, toSearchParams } from "@/lib/query/list-filters";
import { serverListQuery } from "@/lib/query/servers";
import type { ServerSortKey } from "@/lib/schemas/server-query";
import { BulkBar } from "./bulk-bar";
import { ServerFilters } from "./server-filters";
import { ServerPager } from "./server-pager";
import { ServerTable } from "./server-table";
import { useListFilters } from "./use-list-filters";
import { useSelection } from "./use-selection";

/**
 * The servers list: filters and page in the URL, a page of rows, cursor paging (the API gives the cursors both
 * ways, so a shared link to page 4 goes back to page 3). The first page arrives server-rendered.
 */
export function ServerList({ tags }: { tags: string[] }) {
  const { filters, setFilters } = useListFilters();
  const pageNumber = filters.cursor ? (filters.page ?? 2) : 1;
  // Polled so health dots change without a reload (the health work may replace this with server-sent events).
  const query = useQuery({ ...serverListQuery(filters), placeholderData: keepPreviousData, refetchInterval: 30_000 });
  const servers = query.data?.mcp_servers ?? [];
  // Editors and admins act on the servers ticked on this page; a viewer gets no checkboxes and no bar.
  const canAct = useRole().can("editor");
  const selection = useSelection(toSearchParams(filters).toString());

  return (
    <>
      <ServerFilters filters={filters} onChange={setFilters} tags={tags} />
      <p role="status" aria-live="polite" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        {query.isPending ? "Loading servers…" : query.isError ? "" : showing(servers.length, query.data.total)}
      </p>
      {canAct && (
        <BulkBar names={selection.names} onClear={() => selection.setAll([])}
          onDeleted={(deleted) => selection.setAll(selection.names.filter((name) => !deleted.includes(name)))} />
      )}
      {query.isError ? (
        <Alert tone="danger" title="The servers could not be loaded" isUrgent>
          <p>{query.error.message}</p>
          <Button size="sm" className="mt-2" onClick={() => query.refetch()}>Try again</Button>
        </Alert>
      ) : !query.isPending && servers.length === 0 ? (
        <EmptyState title={hasFilters(filters) ? "No servers match these filters" : "No servers yet"}>
          {hasFilters(filters)
            ? <Button size="sm" onClick={() => setFilters({ tags: [], health: [], sort: filters.sort })}>Clear filters</Button>
            : (
              <>
                <p>Every MCP server the registry knows appears here with its live health: created here, imported, synced from a directory or added from Explore.</p>
                <RequiresRole role="editor" fallback={<p>An editor can add one.</p>}>
                  <Link href="/mcp-servers/new" className="text-indigo-700 underline dark:text-indigo-300">Create the first one</Link>
                </RequiresRole>
              </>
            )}
        </EmptyState>
      ) : (
        <ServerTable servers={servers} isStale={query.isPlaceholderData} onTag={addTag} onOwner={searchOwner} sortOf={sortOf}
          selection={canAct ? selection : undefined} />
      )}
      <ServerPager
        pageNumber={pageNumber}
        pageCount={Math.ceil((query.data?.total ?? 0) / PAGE_SIZE)}
        hasPrevious={Boolean(filters.cursor)}
        hasNext={Boolean(query.data?.next_cursor)}
        // Paging from the last page's rows, shown while this one loads, would go by their cursors to the wrong page.
        isStale={query.isPlaceholderData}
        onNext={() => query.data?.next_cursor && setFilters({ ...filters, cursor: query.data.next_cursor, page: pageNumber + 1 }, { push: true })}
        onPrevious={() => {
          const cursor = query.data?.previous_cursor ?? undefined;
          setFilters({ ...filters, cursor, page: cursor ? pageNumber - 1 : undefined }, { push: true });
        }}
      />
    </>
  );

  /** A header's button: the order by its column, ascending first, then turned around. */
  function sortOf(key: ServerSortKey, label: string): SortableColumn {
    const current = filters.sort ?? "name";
    const sort = current === key ? "ascending" : current === `-${key}` ? "descending" : "none";
    const next = sort === "ascending" ? (`-${key}` as const) : key;
    return { label, sort, onSort: () => setFilters({ ...filters, sort: next, cursor: undefined, page: undefined }, { push: true }) };
  }

  function searchOwner(owner: string) {
    setFilters({ ...filters, search: owner, cursor: undefined, page: undefined });
  }

  function addTag(tag: string) {
    if (!filters.tags.includes(tag)) setFilters({ ...filters, tags: [...filters.tags, tag], cursor: undefined, page: undefined });
  }
}

function showing(count: number, total: number): string {
  return count === total ? `Showing ${total} server${total === 1 ? "" : "s"}` : `Showing ${count} of ${total} servers`;
}
