"use client";

import { useState, type FormEvent } from "react";

import type { ProbeTool } from "@/lib/mcp/types";
import { isProblem } from "@/lib/query/fetch-json";
import type { ConnectionInput } from "@/lib/query/types";
import { useCallTool } from "@/lib/query/tools";

import { argumentsTemplate, parseJsonObject } from "./parse-json-object";
import { ToolResultView } from "./tool-result-view";

/**
 * Calls one tool with arguments typed as JSON. The text must be a JSON object before anything is sent; the
 * server then checks it against the tool's input schema before the MCP server sees it, and its errors are
 * listed here by path.
 */
export function ToolCallForm({ name, tool, connection }: { name: string; tool: ProbeTool; connection: ConnectionInput }) {
  const [text, setText] = useState(() => argumentsTemplate(tool.input_schema));
  const [parseError, setParseError] = useState<string | null>(null);
  const call = useCallTool(name);
  const fieldId = `tool-arguments-${tool.name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseJsonObject(text);
    if ("error" in parsed) return setParseError(`Arguments ${parsed.error}`);
    setParseError(null);
    call.mutate({ tool: tool.name, arguments: parsed.value, ...connection });
  }

  const fieldErrors = isProblem(call.error) ? call.error.errors : [];
  const errorId = `${fieldId}-error`;
  return (
    <form onSubmit={onSubmit} className="space-y-2" aria-label={`Call ${tool.name}`}>
      <label htmlFor={fieldId} className="block text-sm font-medium">Arguments for <code>{tool.name}</code> (JSON)</label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={Math.min(12, Math.max(3, text.split("\n").length))}
        spellCheck={false}
        aria-invalid={parseError || fieldErrors.length ? true : undefined}
        aria-describedby={parseError || call.error ? errorId : undefined}
        className="w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
      />
      <div id={errorId} role="alert" className="text-sm text-red-600">
        {parseError}
        {call.error && !parseError && <p>{call.error.message}</p>}
        {fieldErrors.length > 0 && (
          <ul className="list-inside list-disc">{fieldErrors.map((error) => <li key={error.path}><code>{error.path}</code> {error.message}</li>)}</ul>
        )}
      </div>
      <button type="submit" disabled={call.isPending} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
        {call.isPending ? "Calling…" : `Call ${tool.name}`}
      </button>
      {call.data && <ToolResultView result={call.data} />}
    </form>
  );
}
