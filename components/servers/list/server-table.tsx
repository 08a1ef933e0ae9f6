import Link from "next/link";

import { TrippedCircuits, useCircuitsByServer } from "@/components/calls/circuit-badge";
import { Badge } from "@/components/ui/badge";
import { HealthDot } from "@/components/health/health-dot";
import type { ServerSummary } from "@/lib/query/types";

const cell = "px-3 py-2 align-top max-md:px-0 max-md:py-0.5";

/** A table at desktop width; each row folds into a card on a phone (the header is kept for screen readers). */
export function ServerTable({ servers, isStale, onTag }: { servers: ServerSummary[]; isStale: boolean; onTag: (tag: string) => void }) {
  const circuits = useCircuitsByServer();
  return (
    <table aria-busy={isStale} className={`w-full border-collapse text-left text-sm ${isStale ? "opacity-60" : ""}`}>
      <caption className="sr-only">MCP servers</caption>
      <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase max-md:sr-only dark:border-slate-800 dark:text-slate-400">
        <tr>
          <th scope="col" className="px-3 py-2">Name</th>
          <th scope="col" className="px-3 py-2">Description</th>
          <th scope="col" className="px-3 py-2">Transport</th>
          <th scope="col" className="px-3 py-2">Tags</th>
          <th scope="col" className="px-3 py-2">Version</th>
          <th scope="col" className="px-3 py-2">Health</th>
        </tr>
      </thead>
      <tbody>
        {servers.map((server) => (
          <tr key={server.name} className="border-b border-slate-100 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:py-3 dark:border-slate-900">
            <th scope="row" className={`${cell} font-medium min-w-40 max-md:w-full`}>
              <Link href={`/mcp-servers/${encodeURIComponent(server.name)}`} prefetch={false}
                className="break-words text-indigo-700 hover:underline dark:text-indigo-300">{server.name}</Link>
            </th>
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
                <HealthDot name={server.name} status={server.health.status} />
                {server.health.drift && <Badge tone="warning">tools drifted</Badge>}
                <TrippedCircuits circuits={circuits.get(server.name) ?? []} />
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
