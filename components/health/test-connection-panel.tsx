"use client";

import { useEffect } from "react";

import { ApiProblemError } from "@/lib/query/fetch-json";
import type { ConnectionInput } from "@/lib/query/types";
import { useTestConnection } from "@/lib/query/health";

import { healthStyle } from "./health-status";
import { ToolList } from "./tool-list";

type TestConnectionPanelProps = { name: string; connection: ConnectionInput };

/**
 * "Test connection" with exactly the environment and parameters the validation form above holds (it has no
 * inputs of its own); then the server's tools, each callable with the same. A result belongs to the inputs it
 * ran with: changing them clears it, so a result and an error about other inputs never sit side by side.
 */
export function TestConnectionPanel({ name, connection }: TestConnectionPanelProps) {
  const test = useTestConnection(name);
  const inputs = JSON.stringify(connection);
  const { reset } = test;
  useEffect(() => reset(), [inputs, reset]);

  const result = test.data;
  const fieldErrors = test.error instanceof ApiProblemError ? test.error.errors : [];
  return (
    <section aria-labelledby="test-heading" className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="test-heading" className="text-base font-semibold">Test connection</h3>
        <button type="button" onClick={() => test.mutate(connection)} disabled={test.isPending}
          className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
          {test.isPending ? "Testing…" : "Test connection"}
        </button>
        <span className="text-xs text-slate-600 dark:text-slate-400">with the environment and parameters above</span>
      </div>
      {test.error && (
        <div id="test-errors" role="alert" className="text-sm text-red-600">
          <p>{test.error.message}</p>
          {fieldErrors.length > 0 && <ul className="list-inside list-disc">{fieldErrors.map((error) => <li key={error.path}><code>{error.path}</code> {error.message}</li>)}</ul>}
        </div>
      )}

      {result && (
        <div className="space-y-3" aria-live="polite">
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">Result</dt>
            <dd className={`font-semibold ${healthStyle(result.status).text}`}>{healthStyle(result.status).label}{result.reason ? ` — ${result.reason}` : ""}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Environment</dt>
            <dd>{result.environment ?? connection.environment ?? "current"}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Server</dt>
            <dd>{result.server_info ? `${result.server_info.name} ${result.server_info.version}` : "—"}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Protocol</dt>
            <dd>{result.protocol_version ?? "—"}{result.era === "legacy" ? " (before 2026-07-28: initialize)" : ""}{result.notes.length > 0 ? ` — ${result.notes.join(", ")}` : ""}</dd>
            {result.auth && (
              <>
                <dt className="text-slate-600 dark:text-slate-400">Sign-in</dt>
                <dd>{result.auth.authorization_servers.join(", ") || "—"}{result.auth.scopes_supported.length > 0 ? ` (scopes: ${result.auth.scopes_supported.join(" ")})` : ""}</dd>
              </>
            )}
            <dt className="text-slate-600 dark:text-slate-400">Latency</dt>
            <dd>{result.latency_ms === null ? "—" : `${result.latency_ms} ms`}</dd>
          </dl>
          {result.tools.length > 0 && <ToolList name={name} tools={result.tools} connection={connection} />}
        </div>
      )}
    </section>
  );
}
