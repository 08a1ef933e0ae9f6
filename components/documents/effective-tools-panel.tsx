"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { Card } from "@/components/ui/card";
import { fieldLabel } from "@/lib/forms/human-messages";
import { effectiveToolsQuery, type DocumentKind } from "@/lib/query/documents";

/**
 * The tools a capability or agent exposes (DESIGN §11), each with the server and upstream tool it comes from,
 * the virtual chain that leads there and the names of its hidden arguments (their values are never shown).
 */
export function EffectiveToolsPanel({ kind, name }: { kind: DocumentKind; name: string }) {
  const tools = useQuery(effectiveToolsQuery(kind, name));
  const data = tools.data;
  return (
    <Card title="Tools" id="tools">
      <div aria-live="polite" className="text-sm">
        {tools.isError ? <p className="text-red-700 dark:text-red-400">Could not load: {tools.error.message}</p>
          : !data ? <p className="text-slate-600 dark:text-slate-400">Loading…</p>
          : (
            <>
              {data.errors.length > 0 && (
                <ul aria-label="Tool problems" className="mb-3 list-disc pl-5 text-amber-800 dark:text-amber-300">
                  {data.errors.map((error) => <li key={`${error.path} ${error.message}`}><span className="font-medium">{fieldLabel(error.path)}</span>: {error.message}</li>)}
                </ul>
              )}
              {data.tools.length === 0 ? (
                <p className="text-slate-600 dark:text-slate-400">
                  {data.errors.length > 0 ? "No tools until the problems above are fixed." : "No tools: the referenced servers declare none yet."}
                </p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full min-w-[40rem] text-left" aria-label="Effective tools">
                    <thead className="text-slate-600 dark:text-slate-400">
                      <tr>
                        <th scope="col" className="py-2 pr-3">Tool</th><th scope="col" className="pr-3">Comes from</th>
                        <th scope="col" className="pr-3">Via</th><th scope="col" className="pr-3">Hidden arguments</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.tools.map((tool) => (
                        <tr key={tool.name} className="border-t border-slate-200 align-top dark:border-slate-800">
                          <td className="py-2 pr-3">
                            <code className="font-medium">{tool.name}</code>
                            {tool.description && <p className="text-slate-600 dark:text-slate-400">{tool.description}</p>}
                          </td>
                          <td className="py-2 pr-3">
                            <Link href={`/mcp-servers/${encodeURIComponent(tool.origin.server)}`} className="text-indigo-700 underline dark:text-indigo-300">{tool.origin.server}</Link>
                            {" · "}<code>{tool.origin.upstream_tool}</code>
                            {kind.key === "agent" && <p className="text-slate-600 dark:text-slate-400">{tool.origin.place}</p>}
                          </td>
                          <td className="py-2 pr-3">{tool.origin.chain.length === 0 ? "—" : tool.origin.chain.join(" → ")}</td>
                          <td className="py-2 pr-3">{tool.origin.hidden_default_keys.length === 0 ? "—" : tool.origin.hidden_default_keys.join(", ")}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          )}
      </div>
    </Card>
  );
}
