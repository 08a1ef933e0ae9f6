"use client";

import { useQuery } from "@tanstack/react-query";

import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DiffView } from "@/components/ui/diff-view";
import { TimeStamp } from "@/components/ui/time-stamp";
import { diffJson } from "@/lib/diff/line-diff";
import { serverToolsQuery, usePinTools, type ServerTools } from "@/lib/query/tools";

import { AnnotationBadges } from "./annotation-badges";
import { SchemaView } from "./schema-view";

/** The server detail page's tools: the registry's own environment's toolset, its pin, its drift with a field-by-field diff. */
export function ServerToolsCard({ name }: { name: string }) {
  const toolset = useQuery(serverToolsQuery(name));
  const pin = usePinTools(name);
  const data = toolset.data;

  return (
    <Card id="tools" title={<span className="flex items-center gap-2">Tools {data?.drift && <Badge tone="warning">drift</Badge>}</span>}
      actions={data?.toolset_fingerprint && data.toolset_fingerprint !== data.pinned_fingerprint
        ? <Button size="sm" onClick={() => pin.mutate(data.environment)} disabled={pin.isPending}>Pin current tools</Button> : undefined}>
      {toolset.isError && <Alert tone="danger" title="Tools could not be loaded">{toolset.error.message}</Alert>}
      {pin.isError && <Alert tone="danger" title="Could not pin">{pin.error.message}</Alert>}
      {data && <ToolsetBody toolset={data} />}
    </Card>
  );
}

function ToolsetBody({ toolset }: { toolset: ServerTools }) {
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-600 dark:text-slate-400">
        In {toolset.environment}.{" "}
        {toolset.toolset_fingerprint === null ? "No probe has succeeded yet: test the connection to discover its tools." : (
          <>Toolset <code className="font-mono text-xs">{toolset.toolset_fingerprint.slice(0, 12)}</code>;{" "}
            {toolset.pinned_at ? <>pinned {toolset.pinned_by ? `by ${toolset.pinned_by}` : "on first use"} <TimeStamp iso={toolset.pinned_at} />.</> : "not pinned."}</>
        )}
      </p>
      {toolset.drift && <DriftDetails drift={toolset.drift} />}
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {toolset.tools.map((tool) => (
          <li key={`${tool.source}-${tool.name}`} className="space-y-1 px-3 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs font-semibold">{tool.name}</span>
              <Badge>{tool.source}</Badge>
              {tool.drift && <Badge tone="warning">drift</Badge>}
              {tool.unsupported_schema && <Badge tone="danger">unsupported schema: calls refused</Badge>}
            </div>
            {tool.description && <p className="text-xs text-slate-600 dark:text-slate-400">{tool.description}</p>}
            <AnnotationBadges annotations={tool.annotations} />
            <details><summary className="cursor-pointer text-xs">Input schema</summary><SchemaView schema={tool.input_schema} label={`Input schema of ${tool.name}`} /></details>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DriftDetails({ drift }: { drift: NonNullable<ServerTools["drift"]> }) {
  return (
    <Alert tone="warning" title="The tools changed since they were pinned">
      <div className="space-y-2">
        {drift.added.length > 0 && <p>Added: {drift.added.join(", ")}</p>}
        {drift.removed.length > 0 && <p>Removed: {drift.removed.join(", ")}</p>}
        {drift.changed.map((tool) => (
          <div key={tool.name} className="space-y-1">
            <p>Changed: <span className="font-mono">{tool.name}</span> ({tool.fields.join(", ")})</p>
            {tool.fields.map((field) => (
              <div key={field}>
                <p className="text-xs font-semibold">{field}</p>
                <DiffView lines={diffJson(tool.before[field], tool.after[field])} label={`${tool.name} ${field}: pinned → now`} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </Alert>
  );
}
