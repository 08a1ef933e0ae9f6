"use client";

import { useState } from "react";

import type { ProbeTool } from "@/lib/mcp/types";
import type { ConnectionInput } from "@/lib/query/types";

import { ToolCallForm } from "./tool-call-form";

/** The tools a test found; "Call…" opens that tool's call form right under it, with the same environment and parameters. */
export function ToolList({ name, tools, connection }: { name: string; tools: ProbeTool[]; connection: ConnectionInput }) {
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold">Tools ({tools.length})</h3>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        {tools.map((tool) => (
          <li key={tool.name} className="px-3 py-2">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <div className="font-mono text-xs font-semibold">{tool.name}</div>
                {tool.description && <div className="text-xs text-slate-600 dark:text-slate-400">{tool.description}</div>}
              </div>
              <button type="button" onClick={() => setSelected(selected === tool.name ? null : tool.name)} aria-expanded={selected === tool.name}
                aria-controls={`call-${tool.name}`}
                className="shrink-0 rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900">
                {selected === tool.name ? "Close" : "Call…"}
              </button>
            </div>
            {selected === tool.name && (
              <div id={`call-${tool.name}`} className="mt-2">
                <ToolCallForm name={name} tool={tool} connection={connection} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
