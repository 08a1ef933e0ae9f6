"use client";

import { useQuery } from "@tanstack/react-query";

import { ConfirmDeleteButton, useDeleteDialog } from "@/components/ui/confirm-delete";
import { useDeleteVariable, variableUsedByQuery } from "@/lib/query/variables";
import { ServerLinks } from "./server-links";

type UsedBy = { mcp_servers?: { name: string }[] };

const namesOf = (usedBy: UsedBy | undefined) => (usedBy?.mcp_servers ?? []).map((server) => server.name);

/** Shows who uses the variable before deleting; a 409 (still used) offers deleting anyway. */
export function DeleteVariableButton({ name, revision }: { name: string; revision: number }) {
  const dialog = useDeleteDialog<UsedBy>(useDeleteVariable(name));
  const usedBy = useQuery({ ...variableUsedByQuery(name), enabled: dialog.isOpen });
  const users = namesOf(usedBy.data);

  return (
    <ConfirmDeleteButton dialog={dialog} name={name} revision={revision} noun="variable" onDeleted={dialog.close} isSmall
      isConfirmDisabled={usedBy.isPending}
      impact={usedBy.isPending ? <p role="status">Looking for servers that use it…</p> : usedBy.isSuccess && (users.length
        ? <div><p className="mb-1">Used by these servers, which will stay unresolved without it:</p><ServerLinks names={users} /></div>
        : <p>No server uses it. Its revision history is kept.</p>)}
      conflictTitle="Still in use"
      renderConflict={(conflict) => (
        <><p className="mb-2">These servers name it and will stay unresolved if you delete it anyway:</p><ServerLinks names={conflict.mcp_servers ? namesOf(conflict) : users} /></>
      )}
      staleMessage="This variable changed since you opened it. Close this and try again." />
  );
}
