"use client";

import { useQuery } from "@tanstack/react-query";

import { openApiQuery, type OpenApiDocument, type OpenApiOperation, type OpenApiSchema } from "@/lib/query/openapi";

import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";

type Entry = { method: string; path: string; operation: OpenApiOperation };

const METHOD_TONES: Record<string, "success" | "accent" | "warning" | "danger" | "neutral"> = {
  GET: "success", POST: "accent", PUT: "warning", PATCH: "warning", DELETE: "danger",
};

/** Operations grouped by their first tag, in the document's order. */
function groupByTag(document: OpenApiDocument): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags?.[0] ?? "other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...groups];
}

/** The OpenAPI document rendered here, by the app's own components: nothing is loaded from elsewhere. */
export function ApiReference() {
  const query = useQuery(openApiQuery());
  if (query.isPending) return <p role="status">Loading the API description…</p>;
  if (query.isError) return <Alert tone="danger" title="The API description could not be loaded">{query.error.message}</Alert>;

  const groups = groupByTag(query.data);
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {query.data.info.title} {query.data.info.version} · OpenAPI document at <a className="underline" href="/api/openapi.json">/api/openapi.json</a>
      </p>
      <nav aria-label="API sections">
        <ul className="flex flex-wrap gap-2 text-sm">
          {groups.map(([tag]) => <li key={tag}><a className="underline" href={`#tag-${tag}`}>{tag}</a></li>)}
        </ul>
      </nav>
      {groups.map(([tag, entries]) => (
        <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-3">
          <h2 id={`tag-${tag}`} className="text-xl font-semibold">{tag}</h2>
          {entries.map((entry) => <OperationCard key={`${entry.method} ${entry.path}`} entry={entry} />)}
        </section>
      ))}
    </div>
  );
}

function OperationCard({ entry: { method, path, operation } }: { entry: Entry }) {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
  return (
    <article aria-label={`${method} ${path}`} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <Badge tone={METHOD_TONES[method] ?? "neutral"}>{method}</Badge>
        <span className="break-all">{path}</span>
      </h3>
      <p className="mt-1 text-sm">{operation.summary}</p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Role: {operation["x-patchbay-role"] ?? "—"}</p>
      {parameters.length > 0 && (
        <div className="mt-3">
          <h4 className="text-sm font-medium">Parameters</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`}>
                <code className="font-mono">{parameter.name}</code>{" "}
                <span className="text-slate-600 dark:text-slate-400">({parameter.in}{parameter.required ? ", required" : ""}{typeOf(parameter.schema)})</span>
                {parameter.description && <> — {parameter.description}</>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {body && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">Request body ({body[0]})</summary>
          <SchemaBlock schema={body[1].schema} label={`Request body schema of ${method} ${path}`} />
        </details>
      )}
      <div className="mt-3">
        <h4 className="text-sm font-medium">Responses</h4>
        <ul className="mt-1 space-y-1 text-sm">
          {Object.entries(operation.responses ?? {}).map(([status, response]) => {
            const content = response.content ? Object.entries(response.content)[0] : undefined;
            return (
              <li key={status}>
                <code className="font-mono">{status}</code> {response.description}
                {content?.[1].schema && (
                  <details>
                    <summary className="cursor-pointer text-xs text-slate-600 dark:text-slate-400">Schema ({content[0]})</summary>
                    <SchemaBlock schema={content[1].schema} label={`${status} response schema of ${method} ${path}`} />
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </article>
  );
}

function typeOf(schema: OpenApiSchema | undefined): string {
  if (!schema) return "";
  if (Array.isArray(schema.enum)) return `, one of ${schema.enum.join(" | ")}`;
  return typeof schema.type === "string" ? `, ${schema.type}` : "";
}

function SchemaBlock({ schema, label }: { schema: OpenApiSchema | undefined; label: string }) {
  return (
    <pre aria-label={label} role="region" tabIndex={0} className="mt-1 max-h-96 overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      {JSON.stringify(schema, null, 2)}
    </pre>
  );
}
