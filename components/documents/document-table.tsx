import { Badge } from "@/components/ui/badge";
import { CellLabel, FOLDING_CELL as cell, FoldingRow, FoldingTable } from "@/components/ui/folding-table";
import type { SortableColumn } from "@/components/ui/sort-button";
import { TimeStamp } from "@/components/ui/time-stamp";
import type { AgentResolution } from "@/lib/schemas/agent";
import type { DocumentSortKey } from "./document-sort";

export type DocumentRow = {
  name: string; description: string; tags: string[]; server_count: number; capabilities?: string[]; has_inline: boolean; modified_at: string;
  /** Agents only: whether the blueprint resolves. */
  resolution?: AgentResolution;
};

/** Capabilities or agents as a table; each row folds into a card on a phone. */
export function DocumentTable({ rows, caption, basePath, isStale, sortOf }: {
  rows: DocumentRow[]; caption: string; basePath: string; isStale: boolean;
  /** The header's button for a column the list orders by. */
  sortOf: (key: DocumentSortKey, label: string) => SortableColumn;
}) {
  const hasCapabilities = rows.some((row) => row.capabilities);
  const hasResolution = rows.some((row) => row.resolution);
  return (
    <FoldingTable caption={caption} isStale={isStale}
      columns={[sortOf("name", "Name"), "Description", "Tags", sortOf("servers", "Servers"), hasCapabilities && "Capabilities", hasResolution && "Blueprint", sortOf("modified", "Modified")]}>
      {rows.map((row) => (
        <FoldingRow key={row.name} name={row.name} href={`${basePath}/${encodeURIComponent(row.name)}`}
          details={row.has_inline && <Badge tone="warning" className="ml-2">inline config</Badge>}>
          <td className={`${cell} text-slate-700 max-md:w-full dark:text-slate-300`}>{row.description}</td>
          <td className={`${cell} max-md:empty:hidden`}>
            {row.tags.length > 0 && (
              <ul className="flex flex-wrap gap-1" aria-label="Tags">
                {row.tags.map((tag) => <li key={tag}><Badge tone="accent">{tag}</Badge></li>)}
              </ul>
            )}
          </td>
          <td className={`${cell} tabular-nums`}><CellLabel>Servers</CellLabel>{row.server_count}</td>
          {hasCapabilities && <td className={`${cell} tabular-nums`}><CellLabel>Capabilities</CellLabel>{row.capabilities?.length ?? 0}</td>}
          {hasResolution && <td className={cell}>{row.resolution && <ResolutionBadge resolution={row.resolution} />}</td>}
          <td className={`${cell} whitespace-nowrap text-slate-600 dark:text-slate-400`}><TimeStamp iso={row.modified_at} /></td>
        </FoldingRow>
      ))}
    </FoldingTable>
  );
}

/** Whether a runner asking for this agent's blueprint would get one; why not, when it would not. */
function ResolutionBadge({ resolution }: { resolution: AgentResolution }) {
  if (!resolution.resolves) {
    return (
      <span className="flex flex-col gap-1">
        <Badge tone="danger">does not resolve</Badge>
        <span className="text-xs text-red-700 dark:text-red-400">{resolution.problem}</span>
      </span>
    );
  }
  if (resolution.warnings > 0) return <Badge tone="warning">resolves, {resolution.warnings} {resolution.warnings === 1 ? "warning" : "warnings"}</Badge>;
  return <Badge tone="success">resolves</Badge>;
}
