import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { TimeStamp } from "@/components/ui/time-stamp";
import type { AgentResolution } from "@/lib/schemas/agent";

export type DocumentRow = {
  name: string; description: string; tags: string[]; server_count: number; capabilities?: string[]; has_inline: boolean; modified_at: string;
  /** Agents only: whether the blueprint resolves. */
  resolution?: AgentResolution;
};

const cell = "px-3 py-2 align-top max-md:px-0 max-md:py-0.5";

/** Capabilities or agents as a table; each row folds into a card on a phone. */
export function DocumentTable({ rows, caption, basePath, isStale }: { rows: DocumentRow[]; caption: string; basePath: string; isStale: boolean }) {
  const hasCapabilities = rows.some((row) => row.capabilities);
  const hasResolution = rows.some((row) => row.resolution);
  return (
    <table aria-busy={isStale} className={`w-full border-collapse text-left text-sm ${isStale ? "opacity-60" : ""}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase max-md:sr-only dark:border-slate-800 dark:text-slate-400">
        <tr>
          <th scope="col" className="px-3 py-2">Name</th>
          <th scope="col" className="px-3 py-2">Description</th>
          <th scope="col" className="px-3 py-2">Tags</th>
          <th scope="col" className="px-3 py-2">Servers</th>
          {hasCapabilities && <th scope="col" className="px-3 py-2">Capabilities</th>}
          {hasResolution && <th scope="col" className="px-3 py-2">Blueprint</th>}
          <th scope="col" className="px-3 py-2">Modified</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-b border-slate-100 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:py-3 dark:border-slate-900">
            <th scope="row" className={`${cell} min-w-40 font-medium max-md:w-full`}>
              <Link href={`${basePath}/${encodeURIComponent(row.name)}`} prefetch={false}
                className="break-words text-indigo-700 hover:underline dark:text-indigo-300">{row.name}</Link>
              {row.has_inline && <Badge tone="warning" className="ml-2">inline config</Badge>}
            </th>
            <td className={`${cell} text-slate-700 max-md:w-full dark:text-slate-300`}>{row.description}</td>
            <td className={`${cell} max-md:empty:hidden`}>
              {row.tags.length > 0 && (
                <ul className="flex flex-wrap gap-1" aria-label="Tags">
                  {row.tags.map((tag) => <li key={tag}><Badge tone="accent">{tag}</Badge></li>)}
                </ul>
              )}
            </td>
            <td className={`${cell} tabular-nums`}><span className="md:sr-only">Servers: </span>{row.server_count}</td>
            {hasCapabilities && <td className={`${cell} tabular-nums`}><span className="md:sr-only">Capabilities: </span>{row.capabilities?.length ?? 0}</td>}
            {hasResolution && <td className={cell}>{row.resolution && <ResolutionBadge resolution={row.resolution} />}</td>}
            <td className={`${cell} whitespace-nowrap text-slate-600 dark:text-slate-400`}><TimeStamp iso={row.modified_at} /></td>
          </tr>
        ))}
      </tbody>
    </table>
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
