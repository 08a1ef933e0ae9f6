"use client";

import { useQuery } from "@tanstack/react-query";

import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { apiReferenceQuery, type ApiReference } from "@/lib/query/api-reference";

/**
 * The server's OpenAPI document (DESIGN §19, seed 003): its operations, method, path and summary, as Patchbay read
 * them from `support.api_reference_url`; or the sentence saying why it could not (refused, too large, not OpenAPI…).
 * Rendered only for a server that has such a URL.
 */
export function ApiReferenceCard({ name, url }: { name: string; url: string }) {
  const reference = useQuery(apiReferenceQuery(name, url));
  return (
    <Card title="API reference" id="api-reference">
      <div aria-live="polite" className="text-sm">
        {reference.data ? (
          <ReferenceBody reference={reference.data} />
        ) : reference.isError ? (
          <p className="text-slate-600 dark:text-slate-400">{reference.error.message}</p>
        ) : (
          <p className="text-slate-600 dark:text-slate-400">Loading…</p>
        )}
      </div>
    </Card>
  );
}

function ReferenceBody({ reference }: { reference: ApiReference }) {
  const heading = [reference.title, reference.version && `version ${reference.version}`].filter(Boolean).join(", ");
  return (
    <div className="space-y-3">
      {heading && <p className="font-medium">{heading}</p>}
      {reference.operations.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">The document lists no operations.</p>
      ) : (
        <ul aria-label="API operations" className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {reference.operations.map((operation) => (
            <li key={`${operation.method} ${operation.path}`} className="flex flex-wrap items-baseline gap-2 px-3 py-2">
              <Badge>{operation.method}</Badge>
              <span className="break-all font-mono text-xs">{operation.path}</span>
              {operation.summary && <span className="text-xs text-slate-600 dark:text-slate-400">{operation.summary}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
