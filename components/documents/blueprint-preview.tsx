"use client";

import { Alert } from "@/components/ui/alert";
import { CodeBlock } from "@/components/ui/code-block";
import type { ReferenceCheck } from "./use-reference-checks";

/**
 * The blueprint the references resolve to: one flat client config per key (the alias), as the registry's
 * blueprint does — or what keeps it from resolving (a parameter error, a key defined in two places).
 */
export function BlueprintPreview({ checks }: { checks: ReferenceCheck[] }) {
  if (checks.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No servers to resolve.</p>;

  const places = new Map<string, string[]>();
  for (const check of checks) places.set(check.alias, [...(places.get(check.alias) ?? []), check.from]);
  const conflicts = [...places].filter(([, from]) => from.length > 1);
  const problems = checks.flatMap((check) => [
    ...check.errors.map((error) => `${check.alias}: ${error.path ? `${error.path} ` : ""}${error.message}`),
    ...(check.failure ? [`${check.alias}: ${check.failure}`] : []),
  ]);
  const warnings = checks.flatMap((check) => check.warnings.map((warning) => `${check.alias}: ${warning.path ? `${warning.path} ` : ""}${warning.message}`));
  const isPending = checks.some((check) => check.isPending);

  return (
    <div aria-live="polite" className="flex flex-col gap-3">
      {conflicts.length > 0 || problems.length > 0 ? (
        <Alert tone="danger" title="Does not resolve">
          <ul className="list-disc pl-5">
            {conflicts.map(([alias, from]) => <li key={`conflict-${alias}`}>MCP server &apos;{alias}&apos; defined in multiple places: {from.join(", ")}</li>)}
            {problems.map((problem) => <li key={problem}>{problem}</li>)}
          </ul>
        </Alert>
      ) : isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">Resolving…</p>
      ) : (
        <CodeBlock label="Resolved blueprint" value={Object.fromEntries(checks.map((check) => [check.alias, check.config]))} />
      )}
      {warnings.length > 0 && (
        <Alert tone="warning" title="Warnings"><ul className="list-disc pl-5">{warnings.map((warning) => <li key={warning}>{warning}</li>)}</ul></Alert>
      )}
    </div>
  );
}
