"use client";

import { useRouter } from "next/navigation";

import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import type { UpstreamServer } from "@/lib/schemas/upstream";
import { useAddUpstreamServer } from "@/lib/query/upstream";

/** One upstream server: what it is, what it would import as, and "Add to registry" (editors). */
export function UpstreamServerCard({ server, canAdd }: { server: UpstreamServer; canAdd: boolean }) {
  const router = useRouter();
  const add = useAddUpstreamServer();

  const onAdd = () =>
    add.mutate(server.name, { onSuccess: ({ mcp_server }) => router.push(`/mcp-servers/${encodeURIComponent(mcp_server.name)}`) });

  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={server.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold break-all">{server.name}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{server.description}</p>
          <p className="mt-1 flex flex-wrap gap-1">
            {server.version && <Badge>v{server.version}</Badge>}
            {server.transport_type ? <Badge tone="accent">{server.transport_type}</Badge> : <Badge tone="warning">cannot be imported</Badge>}
          </p>
        </div>
        {canAdd && (
          <Button variant="primary" onClick={onAdd} disabled={!server.preview || add.isPending}>
            {add.isPending ? "Adding…" : "Add to registry"}
          </Button>
        )}
      </div>
      {add.error && <Alert tone="danger" isUrgent className="mt-3">{add.error.message}</Alert>}
      {server.preview ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm">As it would import, as <code>{String(server.preview.name)}</code></summary>
          <CodeBlock value={server.preview} label={`${server.name} as it would import`} className="mt-2" />
        </details>
      ) : (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">{server.reason}</p>
      )}
    </li>
  );
}
