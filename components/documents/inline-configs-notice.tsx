"use client";

import Link from "next/link";

import { RequiresRole } from "@/components/roles/requires-role";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAdoptInline, type DocumentKind } from "@/lib/query/documents";
import { isProblem } from "@/lib/query/fetch-json";

type Props = { kind: DocumentKind; name: string; revision: number; aliases: string[] };

/**
 * Legacy inline configs are deprecated: one click moves them into the registry (each becomes a server named
 * after its alias, and the reference names it), in one change.
 */
export function InlineConfigsNotice({ kind, name, revision, aliases }: Props) {
  const adopt = useAdoptInline(kind, name);
  const created = adopt.data?.created;

  if (created) {
    return (
      <Alert title="Moved into the registry">
        {created.length === 0 ? "Every inline config now references an existing registry server." : (
          <>Created {created.map((server, index) => (
            <span key={server}>{index > 0 && ", "}<Link href={`/mcp-servers/${encodeURIComponent(server)}`} className="underline">{server}</Link></span>
          ))}; the references now name {created.length === 1 ? "it" : "them"}.</>
        )}
      </Alert>
    );
  }
  if (aliases.length === 0) return null;

  const list = aliases.join(", ");
  return (
    <Alert tone="warning" title={`Legacy inline config${aliases.length === 1 ? "" : "s"}: ${list}`}>
      <div className="flex flex-col items-start gap-2">
        <p>Inline configs are deprecated. Move them into the registry: each becomes an MCP server named after its alias, and this {kind.key} references it — all in one change.</p>
        <RequiresRole role="editor" fallback={<p>An editor can move them.</p>}>
          <Button variant="primary" size="sm" disabled={adopt.isPending} onClick={() => adopt.mutate(revision)}>
            {adopt.isPending ? "Moving…" : "Move into the registry"}
          </Button>
        </RequiresRole>
        {adopt.isError && (
          <Alert tone="danger" isUrgent>
            {isProblem(adopt.error, 412) ? `This ${kind.key} changed since you opened it. Reload the page and try again.` : adopt.error.message}
          </Alert>
        )}
      </div>
    </Alert>
  );
}
