"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { isProblem } from "@/lib/query/fetch-json";
import { usedByQuery } from "@/lib/query/server-queries";
import type { UsedBy } from "@/lib/query/types";
import { useDeleteServer } from "@/lib/query/use-delete-server";
import { UsedByList } from "./used-by-list";

/** Delete, with who uses the server shown before anything is removed; a 409's `used_by` offers a forced delete. */
export function DeleteServerButton({ name, revision }: { name: string; revision: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const router = useRouter();
  const usedBy = useQuery({ ...usedByQuery(name), enabled: isOpen });
  const remove = useDeleteServer(name);
  const conflict = isProblem(remove.error, 409) ? (remove.error.problem.used_by as UsedBy | undefined) : undefined;

  function close() {
    setIsOpen(false);
    remove.reset();
  }

  function confirm() {
    remove.mutate({ revision, force: Boolean(conflict) }, { onSuccess: () => router.push("/mcp-servers") });
  }

  return (
    <>
      <Button variant="danger" onClick={() => setIsOpen(true)}>Delete</Button>
      <Dialog open={isOpen} onClose={close} title={`Delete ${name}?`} actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? "Deleting…" : conflict ? "Delete anyway" : "Delete server"}
          </Button>
        </>
      }>
        <p>The definition is removed from the registry; its revision history is kept.</p>
        <h3 className="mt-4 mb-1 font-semibold">Impact</h3>
        <div aria-live="polite">
          {conflict ? (
            <Alert tone="danger" title="Still referenced" isUrgent>
              <p className="mb-2">These will break if you delete it anyway:</p>
              <UsedByList usedBy={conflict} />
            </Alert>
          ) : usedBy.data ? (
            <UsedByList usedBy={usedBy.data} />
          ) : usedBy.isError ? (
            <p className="text-slate-600 dark:text-slate-400">Who uses it is not available yet; the registry refuses the delete if anything references this server.</p>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">Checking who uses it…</p>
          )}
          {remove.isError && !conflict && (
            <Alert tone="danger" isUrgent className="mt-3">
              {isProblem(remove.error, 412) ? "This server changed since you opened it. Reload the page to see the latest version." : remove.error.message}
            </Alert>
          )}
        </div>
      </Dialog>
    </>
  );
}
