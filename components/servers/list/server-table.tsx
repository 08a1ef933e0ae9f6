import { TrippedCircuits, useCircuitsByServer } from "@/components/calls/circuit-badge";
import { Badge } from "@/components/ui/badge";
import { FOLDING_CELL as cell, FoldingRow, FoldingTable } from "@/components/ui/folding-table";
import { HealthDot } from "@/components/health/health-dot";
import type { ServerSummary } from "@/lib/query/types";

/** The servers list as a table; each row folds into a card on a phone. */
export function ServerTable({ servers, isStale, onTag }: { servers: ServerSummary[]; isStale: boolean; onTag: (tag: string) => void }) {
  const circuits = useCircuitsByServer();
  return (
    <FoldingTable caption="MCP servers" isStale={isStale} columns={["Name", "Description", "Transport", "Tags", "Version", "Health"]}>
      {servers.map((server) => (
        <FoldingRow key={server.name} name={server.name} href={`/mcp-servers/${encodeURIComponent(server.name)}`}>
          <td className={`${cell} text-slate-700 max-md:w-full dark:text-slate-300`}>{server.description}</td>
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
