"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { serverToolsQuery, toolCatalogQuery, type ToolFilters, type ToolList } from "@/lib/query/tools";

import { AnnotationBadges } from "./annotation-badges";
import { SchemaView } from "./schema-view";

const ANNOTATIONS = [["readOnlyHint", "Read-only"], ["destructiveHint", "Destructive"], ["idempotentHint", "Idempotent"], ["openWorldHint", "Open world"]] as const;
type CatalogTool = ToolList["tools"][number];

/**
 * Every tool of the registry, discovered by a probe or declared by its definition (each says which): search by
 * name, title or description; filter by server, environment and annotation.
 */
export function ToolCatalog() {
  const [filters, setFilters] = useState<ToolFilters>({});
  const [pages, setPages] = useState<string[]>([]);
  const catalog = useQuery(toolCatalogQuery({ ...filters, cursor: pages.at(-1) }));
  const update = (patch: ToolFilters) => { setFilters((current) => ({ ...current, ...patch })); setPages([]); };

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-4">
        <Field id="tools-search" label="Search">
          {(control) => <Input {...control} type="search" value={filters.search ?? ""} onChange={(event) => update({ search: event.target.value || undefined })} />}
        </Field>
        <Field id="tools-server" label="Server">
          {(control) => <Input {...control} value={filters.server ?? ""} onChange={(event) => update({ server: event.target.value || undefined })} />}
        </Field>
        <Field id="tools-environment" label="Environment">
          {(control) => <Input {...control} value={filters.environment ?? ""} onChange={(event) => update({ environment: event.target.value || undefined })} />}
        </Field>
        <Field id="tools-annotation" label="Annotation (declared by the server)">
          {(control) => (
            <Select {...control} value={filters.annotation ?? ""} onChange={(event) => update({ annotation: event.target.value || undefined })}>
              <option value="">Any</option>
              {ANNOTATIONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </Select>
          )}
        </Field>
      </div>
      {catalog.isError && <Alert tone="danger" title="The tool catalog could not be loaded">{catalog.error.message}</Alert>}
      <div role="region" aria-label="Tools" aria-live="polite">
        {catalog.data && catalog.data.tools.length === 0 && <p>No tools match. Tools appear here once a probe of their server succeeds, or once its definition declares them.</p>}
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-950">
          {catalog.data?.tools.map((tool) => (
            <CatalogEntry key={`${tool.server}/${tool.environment ?? ""}/${tool.name}`} tool={tool} environment={filters.environment} />
          ))}
        </ul>
      </div>
      <div className="flex gap-2">
        <Button size="sm" disabled={pages.length === 0} onClick={() => setPages((current) => current.slice(0, -1))}>Previous</Button>
        <Button size="sm" disabled={!catalog.data?.next_cursor}
          onClick={() => catalog.data?.next_cursor && setPages((current) => [...current, catalog.data!.next_cursor!])}>Next</Button>
      </div>
    </div>
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
