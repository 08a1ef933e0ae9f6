"use client";

import { useQuery } from "@tanstack/react-query";

import { useRole } from "@/components/roles/role-context";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { serverToolsQuery, usePinTools, type ServerTools } from "@/lib/query/tools";

import { AnnotationBadges } from "./annotation-badges";
import { DriftDetails, PinStatus } from "./pinned-set";
import { SchemaView } from "./schema-view";
import { TryItButton } from "./try-it/try-it-button";

/** The server detail page's tools: the registry's own environment's toolset, its pin, its drift with a field-by-field diff. */
export function ServerToolsCard({ name }: { name: string }) {
  const toolset = useQuery(serverToolsQuery(name));
  const pin = usePinTools(name);
  const data = toolset.data;
  const { can } = useRole();

  return (
    <Card id="tools" title={<span className="flex items-center gap-2">Tools {data?.drift && <Badge tone="warning">drift</Badge>}</span>}
      actions={can("editor") && data?.toolset_fingerprint && data.toolset_fingerprint !== data.pinned_fingerprint
        ? <Button size="sm" onClick={() => pin.mutate(data.environment)} disabled={pin.isPending}>Pin current tools</Button> : undefined}>
      {toolset.isError && <Alert tone="danger" title="Tools could not be loaded">{toolset.error.message}</Alert>}
      {pin.isError && <Alert tone="danger" title="Could not pin">{pin.error.message}</Alert>}
      {data && <ToolsetBody server={name} toolset={data} />}
    </Card>
  );
}

function ToolsetBody({ server, toolset }: { server: string; toolset: ServerTools }) {
  return (
    <div className="space-y-4 text-sm">
      <PinStatus environment={toolset.environment} label="Toolset" unlisted="No probe has succeeded yet: test the connection to discover its tools."
        fingerprint={toolset.toolset_fingerprint} pinnedBy={toolset.pinned_by} pinnedAt={toolset.pinned_at} />
      {toolset.drift && <DriftDetails title="The tools changed since they were pinned" drift={toolset.drift} />}
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {toolset.tools.map((tool) => (
          <li key={`${tool.source}-${tool.name}`} className="space-y-1 px-3 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs font-semibold">{tool.name}</span>
              <Badge>{tool.source}</Badge>
              {tool.drift && <Badge tone="warning">drift</Badge>}
              {tool.unsupported_schema && <Badge tone="danger">unsupported schema: calls refused</Badge>}
              <span className="ml-auto"><TryItButton server={server} tool={tool.name} source={tool.source} environment={toolset.environment} /></span>
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
