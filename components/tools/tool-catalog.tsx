"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { FilteredPages, FilterInput, FilterSelect, ListRegion, usePagedFilters } from "@/components/ui/paged-list";
import { serverToolsQuery, toolCatalogQuery, type ToolFilters, type ToolList } from "@/lib/query/tools";

import { AnnotationBadges } from "./annotation-badges";
import { SchemaView } from "./schema-view";
import { TryItButton } from "./try-it/try-it-button";

const ANNOTATIONS = [["readOnlyHint", "Read-only"], ["destructiveHint", "Destructive"], ["idempotentHint", "Idempotent"], ["openWorldHint", "Open world"]] as const;
type CatalogTool = ToolList["tools"][number];

/**
 * Every tool of the registry, discovered by a probe or declared by its definition (each says which): search by
 * name, title or description; filter by server, environment and annotation.
 */
export function ToolCatalog() {
  const paging = usePagedFilters<ToolFilters>();
  const { filters, update } = paging;
  const catalog = useQuery(toolCatalogQuery({ ...filters, cursor: paging.cursor }));

  const filterRow = (
    <>
      <FilterInput id="tools-search" label="Search" type="search" value={filters.search} onChange={(search) => update({ search })} />
      <FilterInput id="tools-server" label="Server" value={filters.server} onChange={(server) => update({ server })} />
      <FilterInput id="tools-environment" label="Environment" value={filters.environment} onChange={(environment) => update({ environment })} />
      <FilterSelect id="tools-annotation" label="Annotation (declared by the server)" any="Any" options={ANNOTATIONS}
        value={filters.annotation} onChange={(annotation) => update({ annotation })} />
    </>
  );
  return (
    <FilteredPages filters={filterRow} paging={paging} next={catalog.data?.next_cursor} labels={["Previous", "Next"]}>
      <ListRegion label="Tools" error={catalog.error} errorTitle="The tool catalog could not be loaded" isEmpty={catalog.data?.tools.length === 0}
        empty="No tools match. Tools appear here once a probe of their server succeeds, or once its definition declares them.">
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-950">
          {catalog.data?.tools.map((tool) => (
            <CatalogEntry key={`${tool.server}/${tool.environment ?? ""}/${tool.name}`} tool={tool} environment={filters.environment} />
          ))}
        </ul>
      </ListRegion>
    </FilteredPages>
  );
}

/** `environment`: the one the list is filtered by, where a declared tool's schema is looked up (its own has none). */
function CatalogEntry({ tool, environment }: { tool: CatalogTool; environment: string | undefined }) {
  const [isOpen, setOpen] = useState(false);
  const isDeclared = tool.source === "declared";
  const id = `schema-${tool.server}-${tool.environment ?? "declared"}-${tool.name}`.replace(/[^a-zA-Z0-9_-]/g, "_");
  return (
    <li className="space-y-1 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold">{tool.name}</span>
        {tool.title && <span>{tool.title}</span>}
        <span className="text-slate-600 dark:text-slate-400">
          on <Link className="underline" href={`/mcp-servers/${encodeURIComponent(tool.server)}`}>{tool.server}</Link>
          {isDeclared ? " in every environment" : ` in ${tool.environment}`}
        </span>
        {isDeclared ? <Badge>declared</Badge> : <Badge tone="accent">discovered</Badge>}
        {isDeclared ? null : tool.drift ? <Badge tone="warning">drift</Badge> : tool.pinned ? <Badge tone="success">pinned</Badge> : <Badge>not pinned</Badge>}
        {tool.unsupported_schema && <Badge tone="danger">unsupported schema: calls refused</Badge>}
        <span className="ml-auto"><TryItButton server={tool.server} tool={tool.name} source={tool.source} environment={tool.environment ?? environment} /></span>
      </div>
      {tool.description && <p className="text-slate-700 dark:text-slate-300">{tool.description}</p>}
      <AnnotationBadges annotations={tool.annotations} />
      <div>
        <button type="button" className="text-xs underline" aria-expanded={isOpen} aria-controls={id} onClick={() => setOpen(!isOpen)}>
          {isOpen ? "Hide input schema" : "Show input schema"}
        </button>
        {isOpen && <div id={id} className="mt-2"><ToolSchema tool={tool} environment={tool.environment ?? environment} /></div>}
      </div>
    </li>
  );
}

function ToolSchema({ tool, environment }: { tool: CatalogTool; environment: string | undefined }) {
  const toolset = useQuery(serverToolsQuery(tool.server, environment));
  if (toolset.isError) return <Alert tone="danger" title="The schema could not be loaded">{toolset.error.message}</Alert>;
  const found = toolset.data?.tools.find((entry) => entry.name === tool.name && entry.source === tool.source);
  if (!found) return <p className="text-xs">Loading…</p>;
  return <SchemaView schema={found.input_schema} label={`Input schema of ${tool.name}`} />;
}
