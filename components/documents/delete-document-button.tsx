"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DocumentKind } from "@/lib/query/document-queries";
import { isProblem } from "@/lib/query/fetch-json";
import { useDeleteDocument } from "@/lib/query/use-delete-document";

type UsedBy = Record<string, { name: string }[]>;

/** Delete after confirming; a 409 lists who still uses it and offers a forced delete. */
export function DeleteDocumentButton({ kind, name, revision }: { kind: DocumentKind; name: string; revision: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const router = useRouter();
  const remove = useDeleteDocument(kind, name);
  const conflict = isProblem(remove.error, 409) ? (remove.error.problem.used_by as UsedBy | undefined) : undefined;
  const users = Object.entries(conflict ?? {}).flatMap(([collection, items]) => items.map((item) => ({ collection, name: item.name })));

  function close() {
    setIsOpen(false);
    remove.reset();
  }

  function confirm() {
    remove.mutate({ revision, force: Boolean(conflict) }, { onSuccess: () => router.push(`/${kind.collection}`) });
  }

  return (
    <>
      <Button variant="danger" onClick={() => setIsOpen(true)}>Delete</Button>
      <Dialog open={isOpen} onClose={close} title={`Delete ${name}?`} actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? "Deleting…" : conflict ? "Delete anyway" : `Delete ${kind.key}`}
          </Button>
        </>
      }>
        <p>The {kind.key} is removed; its revision history is kept.</p>
        <div aria-live="polite">
          {conflict && (
            <Alert tone="danger" title="Still in use" isUrgent className="mt-3">
              <p className="mb-2">These will break if you delete it anyway:</p>
              <ul className="list-disc pl-5">
                {users.map((user) => <li key={user.collection + user.name}><Link href={`/${user.collection}/${encodeURIComponent(user.name)}`} className="underline">{user.name}</Link> ({user.collection})</li>)}
              </ul>
            </Alert>
          )}
          {remove.isError && !conflict && (
            <Alert tone="danger" isUrgent className="mt-3">
              {isProblem(remove.error, 412) ? `This ${kind.key} changed since you opened it. Reload the page to see the latest version.` : remove.error.message}
            </Alert>
          )}
        </div>
      </Dialog>
    </>
  );
}
