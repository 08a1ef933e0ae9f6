"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";

import { ConfirmDeleteButton, useDeleteDialog } from "@/components/ui/confirm-delete";
import { useDeleteDocument, type DocumentKind } from "@/lib/query/documents";

type UsedBy = Record<string, { name: string }[]>;

/** Delete after confirming; a 409 lists who still uses it and offers a forced delete. */
export function DeleteDocumentButton({ kind, name, revision }: { kind: DocumentKind; name: string; revision: number }) {
  const router = useRouter();
  const dialog = useDeleteDialog<UsedBy>(useDeleteDocument(kind, name));

  return (
    <ConfirmDeleteButton dialog={dialog} name={name} revision={revision} noun={kind.key} onDeleted={() => router.push(`/${kind.collection}`)}
      intro={<p>The {kind.key} is removed; its history stays in the audit log.</p>}
      conflictTitle="Still in use"
      renderConflict={(conflict) => (
        <>
          <p className="mb-2">These will break if you delete it anyway:</p>
          <ul className="list-disc pl-5">
            {Object.entries(conflict).flatMap(([collection, items]) => items.map((item) => (
              <li key={collection + item.name}><Link href={`/${collection}/${encodeURIComponent(item.name)}`} className="underline">{item.name}</Link> ({collection})</li>
            )))}
          </ul>
        </>
      )}
      staleMessage={`This ${kind.key} changed since you opened it. Reload the page to see the latest version.`} />
  );
}
