import type { UseQueryResult } from "@tanstack/react-query";

import { Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import type { ResolvedServerResponse } from "@/lib/query/types";
import { TransportFields } from "./transport-fields";

type EnvironmentCardProps = {
  environment: string;
  isCurrent: boolean;
  override?: Record<string, unknown>;
  result: UseQueryResult<ResolvedServerResponse>;
};

export function EnvironmentCard({ environment, isCurrent, override, result }: EnvironmentCardProps) {
  const warnings = result.data?.warnings ?? [];
  return (
    <article aria-labelledby={`env-${environment}`} className="flex h-full flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={`env-${environment}`} className="font-semibold">{environment}</h3>
        {isCurrent && <Badge tone="accent">registry’s environment</Badge>}
        {!override && <Badge>base definition</Badge>}
      </header>
      {override && (
        <div>
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Overrides</h4>
          <TransportFields transport={override} />
        </div>
      )}
      <div>
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Resolved config</h4>
        {result.data ? (
          <CodeBlock value={result.data.mcp_server.transport} label={`Resolved config for ${environment}`} />
        ) : result.isError ? (
          <p className="text-sm text-red-700 dark:text-red-400">Could not resolve: {result.error.message}</p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Resolving…</p>
        )}
      </div>
      {warnings.length > 0 && (
        <ul className="list-disc pl-5 text-xs text-amber-800 dark:text-amber-300" aria-label={`Warnings for ${environment}`}>
          {warnings.map((warning) => <li key={warning.path + warning.message}>{warning.message}</li>)}
        </ul>
      )}
    </article>
  );
}
