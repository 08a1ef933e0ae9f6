import Link from "next/link";
import type { ReactNode } from "react";

import { RequiresRole } from "@/components/roles/requires-role";
import { ManagedActions } from "@/components/sync/managed-actions";
import { RevisionHistory } from "@/components/revisions/revision-history";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { TimeStamp } from "@/components/ui/time-stamp";
import type { FieldError } from "@/lib/errors";
import { toReferenceRows } from "@/lib/forms/reference-rows";
import { auditTrailHref } from "@/lib/query/audit";
import { documentRevisionTarget, type DocumentKind } from "@/lib/query/documents";
import { isProblem } from "@/lib/query/fetch-json";
import type { ManagedBy } from "@/lib/schemas/document";
import type { McpServerReferences } from "@/lib/schemas/reference";
import { DeleteDocumentButton } from "./delete-document-button";
import { InlineConfigsNotice } from "./inline-configs-notice";
import { ReferenceTable } from "./reference-table";
import { WarningsAlert } from "./warnings-alert";

type Stored = { name: string; description: string; tags?: string[]; mcp_servers?: McpServerReferences; revision: number; modified_at: string; managed_by?: ManagedBy };

/** What capabilities and agents share on their detail page: header, tags, references, warnings, history; `children` adds the rest. */
type DetailProps = { kind: DocumentKind; document: Stored; warnings: FieldError[]; referencesTitle?: string; children?: ReactNode };

export function DocumentDetail({ kind, document, warnings, referencesTitle = "Servers", children }: DetailProps) {
  const path = `/${kind.collection}/${encodeURIComponent(document.name)}`;
  const rows = toReferenceRows(document.mcp_servers);
  return (
    <>
      <PageHeader title={document.name} description={document.description} actions={
        <RequiresRole role="editor">
          <ManagedActions managedBy={document.managed_by}>
            <Link href={`${path}/edit`} className={buttonClass({ variant: "primary" })}>Edit</Link>
            <DeleteDocumentButton kind={kind} name={document.name} revision={document.revision} />
          </ManagedActions>
        </RequiresRole>
      } />
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          {(document.tags ?? []).length > 0 && (
            <ul className="flex flex-wrap gap-1" aria-label="Tags">
              {document.tags!.map((tag) => <li key={tag}><Badge tone="accent">{tag}</Badge></li>)}
            </ul>
          )}
          <span>Revision {document.revision}, modified <TimeStamp iso={document.modified_at} /></span>
        </div>
        <WarningsAlert warnings={warnings} />
        <InlineConfigsNotice key={document.name} kind={kind} name={document.name} revision={document.revision}
          aliases={rows.filter((row) => row.inline).map((row) => row.alias)} />
        <Card title={referencesTitle} id="references"><ReferenceTable rows={rows} /></Card>
        {children}
        <RevisionHistory target={documentRevisionTarget(kind, document.name)} currentRevision={document.revision} />
      </div>
    </>
  );
}

/** Why a capability or agent page shows nothing; one not in the registry (deleted, renamed) links to what the audit log kept of it. */
export function DocumentLoadError({ noun, name, error }: { noun: "capability" | "agent"; name?: string; error: Error }) {
  return (
    <Alert tone="danger" isUrgent title={`Could not load this ${noun}`}>
      {error.message}
      {name && isProblem(error, 404) && <> <Link href={auditTrailHref(noun, name)} className="underline">Its history in the audit log</Link>.</>}
    </Alert>
  );
}
