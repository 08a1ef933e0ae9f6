import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import type { ReferenceRow } from "@/lib/forms/reference-rows";
import { InlineConfig } from "./inline-config";

const cell = "px-3 py-2 align-top";

/** alias → server (linked) and the parameters given; a legacy inline config is flagged and shown as the config it is. */
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
              {row.inline ? (
                <td className={cell} colSpan={2}>
                  <Badge tone="warning">inline config (deprecated)</Badge>
                  <div className="mt-2"><InlineConfig config={row.inline} /></div>
                </td>
              ) : row.provides !== undefined ? (
                <>
                  <td className={cell}>the best server providing <code className="font-mono">{row.provides}</code>, bound by health when resolved</td>
                  <td className={`${cell} font-mono text-xs break-all`}>
                    {Object.keys(row.parameters).length ? JSON.stringify(row.parameters) : <span aria-label="none">—</span>}
                  </td>
                </>
              ) : (
                <>
                  <td className={cell}>
                    <Link href={`/mcp-servers/${encodeURIComponent(row.server!)}`} className="text-indigo-700 hover:underline dark:text-indigo-300">{row.server}</Link>
                  </td>
                  <td className={`${cell} font-mono text-xs break-all`}>
                    {Object.keys(row.parameters).length ? JSON.stringify(row.parameters) : <span aria-label="none">—</span>}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
