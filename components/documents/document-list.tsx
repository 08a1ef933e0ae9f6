"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { SearchBox } from "@/components/servers/list/search-box";
import { Alert } from "@/components/ui/alert";
import { RequiresRole } from "@/components/roles/requires-role";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { documentListQuery, type DocumentKind } from "@/lib/query/documents";
import { documentSortColumn, sortDocumentRows } from "./document-sort";
import { DocumentTable, type DocumentRow } from "./document-table";
import { useSearchParam } from "./use-search-param";

/** `emptyText`: what appears on the page and how it gets there, said while the list is empty. */
type DocumentListProps = { title: string; description: string; noun: string; basePath: string; kind: DocumentKind; emptyText?: string };

/** The list page of capabilities or agents: search kept in the URL, a table, an empty state. */
export function DocumentList({ title, description, noun, basePath, kind, emptyText }: DocumentListProps) {
  const [search, setSearch] = useSearchParam("search");
  const [sort, setSort] = useSearchParam("sort");
  const list = useQuery({ ...documentListQuery<DocumentRow>(kind, search), placeholderData: keepPreviousData });
  const rows = sortDocumentRows(list.data ?? [], sort);

  return (
    <>
      <PageHeader title={title} description={description}
        actions={<RequiresRole role="editor"><Link href={`${basePath}/new`} className={buttonClass({ variant: "primary" })}>New {noun}</Link></RequiresRole>} />
      <div className="mb-4 flex"><SearchBox value={search} onSearch={setSearch} placeholder="Name, description or tag" /></div>
      {list.isError ? (
        <Alert tone="danger" isUrgent>Could not load {title.toLowerCase()}: {list.error.message}</Alert>
      ) : list.isPending ? (
        <p className="text-slate-600 dark:text-slate-400">Loading…</p>
      ) : rows.length === 0 ? (
        <EmptyState title={search ? `No ${title.toLowerCase()} match “${search}”` : `No ${title.toLowerCase()} yet`}>
          {search ? "Try another search." : (
            <>
              {emptyText && <p>{emptyText}</p>}
              <RequiresRole role="editor" fallback={<p>An editor can create one.</p>}>
                <Link href={`${basePath}/new`} className="text-indigo-700 underline dark:text-indigo-300">Create the first {noun}</Link>
              </RequiresRole>
            </>
          )}
        </EmptyState>
      ) : (
        <DocumentTable rows={rows} caption={title} basePath={basePath} isStale={list.isPlaceholderData}
          sortOf={(key, label) => documentSortColumn(sort, key, label, setSort)} />
      )}
    </>
  );
}
