import type { UseQueryResult } from "@tanstack/react-query";

import { Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { humanError } from "@/lib/forms/human-messages";
import type { ValidationResult } from "@/lib/query/types";

/**
 * The resolved config for the parameters as typed, with what is wrong or doubtful about them, as sentences.
 * `isQuiet` (nothing typed yet): what is missing is listed as still needed, not as errors.
 */
export function ResolvedPreview({ result, isQuiet = false }: { result: UseQueryResult<ValidationResult>; isQuiet?: boolean }) {
  const data = result.data;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div role="status" aria-live="polite" className="flex items-center gap-2 text-sm">
        {result.isError ? (
          <span className="text-red-700 dark:text-red-400">Could not validate: {result.error.message}</span>
        ) : !data ? (
          <span className="text-slate-600 dark:text-slate-400">Validating…</span>
        ) : (
          <>
            <Badge tone={data.valid ? "success" : isQuiet ? "neutral" : "danger"}>{data.valid ? "valid" : isQuiet ? "incomplete" : "invalid"}</Badge>
            <span>{data.valid ? "These parameters resolve." : `${data.errors.length} problem${data.errors.length === 1 ? "" : "s"}`}</span>
            {result.isFetching && <span className="text-slate-600 dark:text-slate-400">· updating…</span>}
          </>
        )}
      </div>
      {data && data.errors.length > 0 && (isQuiet
        ? <Problems title="Still needed" items={data.errors} tone="text-slate-700 dark:text-slate-300" />
        : <Problems title="Errors" items={data.errors} tone="text-red-700 dark:text-red-400" />)}
      {data && data.warnings.length > 0 && <Problems title="Warnings" items={data.warnings} tone="text-amber-800 dark:text-amber-300" />}
      {data?.resolved_config && <CodeBlock value={data.resolved_config} label="Resolved config" />}
    </div>
  );
}

function Problems({ title, items, tone }: { title: string; items: { path: string; message: string }[]; tone: string }) {
  return (
    <div>
      <h4 className="text-sm font-semibold">{title}</h4>
      <ul className={`list-disc pl-5 text-sm ${tone}`}>
        {items.map((item) => <li key={item.path + item.message}>{humanError(item).sentence}</li>)}
      </ul>
    </div>
  );
}
