"use client";

import { useState, type FormEvent } from "react";

import { HealthApiError, type ConnectionInput } from "@/lib/query/health-api";
import { useEnvironments, useTestConnection } from "@/lib/query/health";

import { healthStyle } from "./health-status";
import { parseJsonObject } from "./parse-json-object";
import { ToolList } from "./tool-list";

/** "Test connection": a live handshake for an environment with parameters; then the server's tools, each callable. */
export function TestConnectionPanel({ name }: { name: string }) {
  const environments = useEnvironments();
  const [environment, setEnvironment] = useState("");
  const [parametersText, setParametersText] = useState("{}");
  const [parametersError, setParametersError] = useState<string | null>(null);
  const [connection, setConnection] = useState<ConnectionInput>({});
  const test = useTestConnection(name);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseJsonObject(parametersText);
    if ("error" in parsed) return setParametersError(`Parameters ${parsed.error}`);
    setParametersError(null);
    const input = { ...(environment.trim() ? { environment: environment.trim() } : {}), parameters: parsed.value };
    setConnection(input);
    test.mutate(input);
  }

  const result = test.data;
  const fieldErrors = test.error instanceof HealthApiError ? test.error.errors : [];
  return (
    <section aria-labelledby="test-heading" className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="test-heading" className="text-base font-semibold">Test connection</h2>
      <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <label htmlFor="test-environment" className="text-sm font-medium sm:pt-2">Environment</label>
        <div>
          <input id="test-environment" list="test-environments" value={environment} onChange={(event) => setEnvironment(event.target.value)}
            placeholder={environments.data ? `${environments.data.current} (current)` : "current"} className={input} />
          <datalist id="test-environments">
            {environments.data?.environments.map((option) => <option key={option} value={option} />)}
          </datalist>
        </div>
        <label htmlFor="test-parameters" className="text-sm font-medium sm:pt-2">Parameters (JSON)</label>
        <div>
          <textarea id="test-parameters" value={parametersText} onChange={(event) => setParametersText(event.target.value)} rows={3} spellCheck={false}
            aria-invalid={parametersError || fieldErrors.length ? true : undefined} aria-describedby="test-errors" className={`${input} font-mono text-xs`} />
        </div>
        <div className="sm:col-start-2">
          <button type="submit" disabled={test.isPending} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
            {test.isPending ? "Testing…" : "Test connection"}
          </button>
          <div id="test-errors" role="alert" className="mt-2 text-sm text-red-600">
            {parametersError ?? (test.error && <p>{test.error.message}</p>)}
            {fieldErrors.length > 0 && <ul className="list-inside list-disc">{fieldErrors.map((error) => <li key={error.path}><code>{error.path}</code> {error.message}</li>)}</ul>}
          </div>
        </div>
      </form>

      {result && (
        <div className="space-y-3" aria-live="polite">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Result</dt>
            <dd className={`font-semibold ${healthStyle(result.status).text}`}>{healthStyle(result.status).label}{result.reason ? ` — ${result.reason}` : ""}</dd>
            <dt className="text-slate-500">Server</dt>
            <dd>{result.server_info ? `${result.server_info.name} ${result.server_info.version}` : "—"}</dd>
            <dt className="text-slate-500">Protocol</dt>
            <dd>{result.protocol_version ?? "—"}</dd>
            <dt className="text-slate-500">Latency</dt>
            <dd>{result.latency_ms === null ? "—" : `${result.latency_ms} ms`}</dd>
          </dl>
          {result.tools.length > 0 && <ToolList name={name} tools={result.tools} connection={connection} />}
        </div>
      )}
    </section>
  );
}

const input = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";
