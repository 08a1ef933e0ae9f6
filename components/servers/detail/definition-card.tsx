import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { KeyValueList } from "@/components/ui/key-value-list";
import { TimeStamp } from "@/components/ui/time-stamp";
import type { StoredServer } from "@/lib/query/types";
import { TransportFields } from "./transport-fields";

/** The definition as stored: transport, labels, tools, and the whole JSON on request. */
export function DefinitionCard({ server }: { server: StoredServer }) {
  return (
    <Card title="Definition" id="definition">
      <div className="flex flex-col gap-4">
        <TransportFields transport={server.transport} />
        <KeyValueList items={[
          ["Version", server.version ?? "—"],
          ["Revision", String(server.revision)],
          ["Modified", <TimeStamp key="m" iso={server.modified_at} />],
          ["Created", <TimeStamp key="c" iso={server.created_at} />],
          ["Tags", <Labels key="t" values={server.tags} tone="accent" />],
          ["Provides", <Labels key="p" values={server.provides} />],
        ]} />
        {server.tools && server.tools.length > 0 && (
          <div>
            <h3 className="mb-1 text-sm font-semibold">Tools</h3>
            <ul className="list-disc pl-5 text-sm">
              {server.tools.map((tool) => (
                <li key={tool.name}><span className="font-mono text-xs">{tool.name}</span>{tool.description && ` — ${tool.description}`}</li>
              ))}
            </ul>
          </div>
        )}
        <details>
          <summary className="cursor-pointer text-sm font-medium text-indigo-700 dark:text-indigo-300">Show the stored JSON</summary>
          <CodeBlock value={server} className="mt-2" label="Stored definition" />
        </details>
      </div>
    </Card>
  );
}

function Labels({ values, tone = "neutral" }: { values?: string[]; tone?: "neutral" | "accent" }) {
  if (!values?.length) return <>—</>;
  return (
    <ul className="flex flex-wrap gap-1">
      {values.map((value) => <li key={value}><Badge tone={tone}>{value}</Badge></li>)}
    </ul>
  );
}
