"use client";

import type { ToolContent } from "@/lib/mcp/normalize-content";
import type { ToolCallResult } from "@/lib/query/types";

/** A normalized tool result: text, images and audio inline (data: URLs), resources by URI with their content. */
export function ToolResultView({ result }: { result: ToolCallResult }) {
  return (
    <div className={`space-y-2 rounded-md border p-3 ${result.is_error ? "border-red-400 dark:border-red-700" : "border-slate-200 dark:border-slate-800"}`}>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {result.is_error ? <strong className="text-red-600">The tool reported an error</strong> : "Result"} · {result.latency_ms} ms
      </p>
      {result.content.map((item, index) => <ContentItem key={index} item={item} />)}
      {result.structured_content !== undefined && (
        <details>
          <summary className="cursor-pointer text-xs text-slate-600 dark:text-slate-400">Structured content</summary>
          <pre className={pre}>{JSON.stringify(result.structured_content, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}

function ContentItem({ item }: { item: ToolContent }) {
  switch (item.type) {
    case "text":
      return <pre className={pre}>{item.text}</pre>;
    case "image":
      // A data: URL from the tool, not an optimizable asset: a plain <img>, not next/image.
      return <img src={`data:${item.mime_type};base64,${item.data}`} alt={`Image returned by the tool (${item.mime_type})`} className="max-h-64 max-w-full rounded border border-slate-200 dark:border-slate-800" />;
    case "audio":
      return <audio controls src={`data:${item.mime_type};base64,${item.data}`} aria-label={`Audio returned by the tool (${item.mime_type})`} />;
    case "resource":
      return (
        <div className="rounded border border-slate-200 p-2 text-sm dark:border-slate-800">
          <div className="font-mono text-xs break-all">{item.uri}{item.mime_type && <span className="text-slate-600 dark:text-slate-400"> · {item.mime_type}</span>}</div>
          {item.text !== undefined && <pre className={pre}>{item.text}</pre>}
          {item.blob !== undefined && (
            <a className="text-xs text-indigo-600 underline" href={`data:${item.mime_type ?? "application/octet-stream"};base64,${item.blob}`} download={item.uri.split("/").pop() || "resource"}>
              Download ({Math.round((item.blob.length * 3) / 4)} bytes)
            </a>
          )}
        </div>
      );
  }
}

const pre = "max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs dark:bg-slate-900";
