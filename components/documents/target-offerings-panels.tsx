"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";

import { Card } from "@/components/ui/card";
import { targetOfferingsQuery, type DocumentKind } from "@/lib/query/documents";
import type { TargetPrompts } from "@/lib/schemas/target-offerings";

/**
 * The prompts a capability or agent's gateway lists (DESIGN §16), as advertised, each with the server it comes
 * from; the servers that could not be listed are named with why.
 */
export function TargetPromptsPanel({ kind, name }: { kind: DocumentKind; name: string }) {
  const prompts = useQuery(targetOfferingsQuery(kind, name, "prompts"));
  return (
    <Card title="Prompts" id="prompts">
      <Loaded query={prompts} what="prompts">
        {(data) => (
          <>
            <Unlisted errors={data.errors} label="Prompt problems" />
            {data.prompts.length === 0 ? <Empty>No prompts: the referenced servers offer none.</Empty> : (
              <ul aria-label="Prompts" className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {data.prompts.map((prompt) => (
                  <li key={prompt.name} className="space-y-1 px-3 py-2">
                    <p><code className="font-medium">{prompt.name}</code>{prompt.title && <span className="text-slate-600 dark:text-slate-400"> · {prompt.title}</span>}</p>
                    {prompt.description && <p className="text-slate-600 dark:text-slate-400">{prompt.description}</p>}
                    <PromptArguments prompt={prompt} />
                    <From server={prompt.server} detail={prompt.upstream_name} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
    </Card>
  );
}

/** The resources and resource templates a capability or agent's gateway lists, each with the server it comes from. */
export function TargetResourcesPanel({ kind, name }: { kind: DocumentKind; name: string }) {
  const resources = useQuery(targetOfferingsQuery(kind, name, "resources"));
  return (
    <Card title="Resources" id="resources">
      <Loaded query={resources} what="resources">
        {(data) => {
          const entries = [
            ...data.resources.map((resource) => ({ key: resource.uri, address: resource.uri, ...resource })),
            ...data.resource_templates.map((template) => ({ key: `template ${template.uri_template}`, address: template.uri_template, template: true, ...template })),
          ];
          return (
            <>
              <Unlisted errors={data.errors} label="Resource problems" />
              {entries.length === 0 ? <Empty>No resources: the referenced servers offer none.</Empty> : (
                <ul aria-label="Resources" className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                  {entries.map((entry) => (
                    <li key={entry.key} className="space-y-1 px-3 py-2">
                      <p className="break-all">
                        <code className="font-medium">{entry.address}</code>
                        {"template" in entry && <span className="text-slate-600 dark:text-slate-400"> (template)</span>}
                      </p>
                      {(entry.title ?? entry.name) && <p>{entry.title ?? entry.name}{entry.mime_type && <span className="text-slate-600 dark:text-slate-400"> · {entry.mime_type}</span>}</p>}
                      {entry.description && <p className="text-slate-600 dark:text-slate-400">{entry.description}</p>}
                      <From server={entry.server} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </Loaded>
    </Card>
  );
}

function Loaded<T>({ query, what, children }: { query: { isError: boolean; error: Error | null; data: T | undefined }; what: string; children: (data: T) => ReactNode }) {
  return (
    <div aria-live="polite" className="text-sm">
      {query.isError ? <p className="text-red-700 dark:text-red-400">Could not load the {what}: {query.error?.message}</p>
        : query.data === undefined ? <p className="text-slate-600 dark:text-slate-400">Asking the servers…</p>
        : children(query.data)}
    </div>
  );
}

function Unlisted({ errors, label }: { errors: TargetPrompts["errors"]; label: string }) {
  if (errors.length === 0) return null;
  return (
    <ul aria-label={label} className="mb-3 list-disc pl-5 text-amber-800 dark:text-amber-300">
      {errors.map((error) => (
        <li key={`${error.alias} ${error.reason}`}>
          <code>{error.alias}</code> ({error.server}){" "}
          {error.connect_url
            // A per_user server (DESIGN §17): listed with the viewer's own connection once they have one.
            ? <>signs in per person: <Link href={error.connect_url} className="text-indigo-700 underline dark:text-indigo-300">connect to list</Link> its offerings with your account.</>
            : <>left out: {error.reason}</>}
        </li>
      ))}
    </ul>
  );
}

function PromptArguments({ prompt }: { prompt: TargetPrompts["prompts"][number] }) {
  if (!prompt.arguments?.length) return null;
  return (
    <p className="text-slate-600 dark:text-slate-400">
      Arguments: {prompt.arguments.map((argument, index) => (
        <span key={argument.name}>{index > 0 && ", "}<code>{argument.name}</code>{argument.required && " (required)"}</span>
      ))}
    </p>
  );
}

function From({ server, detail }: { server: string; detail?: string }) {
  return (
    <p className="text-slate-600 dark:text-slate-400">
      from <Link href={`/mcp-servers/${encodeURIComponent(server)}`} className="text-indigo-700 underline dark:text-indigo-300">{server}</Link>
      {detail && <> · <code>{detail}</code></>}
    </p>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-slate-600 dark:text-slate-400">{children}</p>;
}
