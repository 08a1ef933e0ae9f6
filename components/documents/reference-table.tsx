import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import type { ReferenceRow } from "@/lib/forms/reference-rows";

const cell = "px-3 py-2 align-top";

/** alias → server (linked) and the parameters given; a legacy inline config is flagged, not linked. */
export function ReferenceTable({ rows }: { rows: ReferenceRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No server references.</p>;

  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Server references</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
          <tr><th scope="col" className={cell}>Alias</th><th scope="col" className={cell}>Server</th><th scope="col" className={cell}>Parameters</th></tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.alias} className="border-b border-slate-100 dark:border-slate-900">
              <th scope="row" className={`${cell} font-mono font-medium`}>{row.alias}</th>
              <td className={cell}>
                {row.server ? (
                  <Link href={`/mcp-servers/${encodeURIComponent(row.server)}`} className="text-indigo-700 hover:underline dark:text-indigo-300">{row.server}</Link>
                ) : (
                  <Badge tone="warning">inline config (deprecated)</Badge>
                )}
              </td>
              <td className={`${cell} font-mono text-xs break-all`}>
                {row.inline ? JSON.stringify(row.inline) : Object.keys(row.parameters).length ? JSON.stringify(row.parameters) : <span aria-label="none">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
