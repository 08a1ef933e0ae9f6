"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

import { ConfirmDeleteButton, useDeleteDialog } from "@/components/ui/confirm-delete";
import { usedByQuery, useDeleteServer } from "@/lib/query/servers";
import type { UsedBy } from "@/lib/query/types";
import { UsedByList } from "./used-by-list";

/** Delete, with who uses the server shown before anything is removed; a 409's `used_by` offers a forced delete. */
export function DeleteServerButton({ name, revision }: { name: string; revision: number }) {
  const router = useRouter();
  const dialog = useDeleteDialog<UsedBy>(useDeleteServer(name));
  const usedBy = useQuery({ ...usedByQuery(name), enabled: dialog.isOpen });

  return (
    <ConfirmDeleteButton dialog={dialog} name={name} revision={revision} noun="server" onDeleted={() => router.push("/mcp-servers")}
      intro={<><p>The definition is removed from the registry; its history stays in the audit log.</p><h3 className="mt-4 mb-1 font-semibold">Impact</h3></>}
      impact={usedBy.data ? (
        <UsedByList usedBy={usedBy.data} />
      ) : usedBy.isError ? (
        <p className="text-slate-600 dark:text-slate-400">Who uses it is not available yet; the registry refuses the delete if anything references this server.</p>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">Checking who uses it…</p>
      )}
      conflictTitle="Still referenced"
      renderConflict={(conflict) => <><p className="mb-2">These will break if you delete it anyway:</p><UsedByList usedBy={conflict} /></>}
      staleMessage="This server changed since you opened it. Reload the page to see the latest version." />
  );
}
