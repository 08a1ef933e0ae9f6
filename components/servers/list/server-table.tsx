import { TrippedCircuits, useCircuitsByServer } from "@/components/calls/circuit-badge";
import { Badge } from "@/components/ui/badge";
import { FOLDING_CELL as cell, FoldingRow, FoldingTable } from "@/components/ui/folding-table";
import type { SortableColumn } from "@/components/ui/sort-button";
import { TimeStamp } from "@/components/ui/time-stamp";
import { HealthDot } from "@/components/health/health-dot";
import type { ServerSummary } from "@/lib/query/types";
import type { ServerSortKey } from "@/lib/schemas/server-query";
import { ServerIcon } from "../server-icon";
import type { Selection } from "./use-selection";

type ServerTableProps = {
  servers: ServerSummary[];
  isStale: boolean;
  onTag: (tag: string) => void;
  onOwner: (owner: string) => void;
  /** How the rows are ordered, and what a column header's button does. */
  sortOf: (key: ServerSortKey, label: string) => SortableColumn;
  /** Row checkboxes, for those who may act on the servers (absent for viewers). */
  selection?: Selection;
};

/** The servers list as a table; each row folds into a card on a phone. */
export function ServerTable({ servers, isStale, onTag, onOwner, sortOf, selection }: ServerTableProps) {
  const circuits = useCircuitsByServer();
  return (
    <FoldingTable caption="MCP servers" isStale={isStale}
      leading={selection && <SelectAll selection={selection} names={servers.map((server) => server.name)} />}
      columns={[sortOf("name", "Name"), "Description", sortOf("transport", "Transport"), "Tags", "Version", sortOf("modified", "Modified"), sortOf("health", "Health")]}>
      {servers.map((server) => (
        <FoldingRow key={server.name} href={`/mcp-servers/${encodeURIComponent(server.name)}`}
          name={<span className="inline-flex items-center gap-2 align-middle"><ServerIcon name={server.name} icons={server.icons} />{server.name}</span>}
          leading={selection && (
            <input type="checkbox" aria-label={`Select ${server.name}`} checked={selection.has(server.name)} onChange={() => selection.toggle(server.name)}
              className="size-4 accent-indigo-600" />
          )}>
          <td className={`${cell} text-slate-700 max-md:w-full dark:text-slate-300`}>
            {server.description}
            {server.support.owner && (
              <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                Owner:{" "}
                <button type="button" onClick={() => onOwner(server.support.owner!)} className="font-medium hover:underline">
                  <span className="sr-only">Search for owner </span>{server.support.owner}
                </button>
              </p>
            )}
          </td>
          <td className={cell}><Badge>{server.transport_type}</Badge></td>
          <td className={`${cell} max-md:empty:hidden`}>
            {server.tags.length > 0 && (
              <ul className="flex flex-wrap gap-1" aria-label="Tags">
                {server.tags.map((tag) => (
                  <li key={tag}>
                    <button type="button" onClick={() => onTag(tag)}
                      className="rounded px-1.5 py-0.5 text-xs font-medium bg-indigo-50 text-indigo-800 hover:underline dark:bg-indigo-950 dark:text-indigo-200">
                      <span className="sr-only">Filter by tag </span>{tag}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td className={`${cell} whitespace-nowrap tabular-nums`}>{server.version ?? <span aria-label="no version">—</span>}</td>
          <td className={`${cell} text-xs text-slate-600 max-md:hidden dark:text-slate-400`}><TimeStamp iso={server.modified_at} /></td>
          <td className={cell}>
            <span className="inline-flex items-center gap-2">
              <HealthDot name={server.name} status={server.health.status} oauthMode={server.auth_mode} />
              {server.health.drift && <Badge tone="warning">tools drifted</Badge>}
              <TrippedCircuits circuits={circuits.get(server.name) ?? []} />
            </span>
          </td>
        </FoldingRow>
      ))}
    </FoldingTable>
  );
}

function SelectAll({ selection, names }: { selection: Selection; names: string[] }) {
  const count = names.filter((name) => selection.has(name)).length;
  return (
    <input type="checkbox" aria-label="Select all on this page" className="size-4 accent-indigo-600"
      checked={count > 0 && count === names.length}
      ref={(box) => { if (box) box.indeterminate = count > 0 && count < names.length; }}
      onChange={() => selection.setAll(count === names.length ? [] : names)} />
  );
}
