"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { isProblem } from "@/lib/query/fetch-json";
import { useDeleteVariable } from "@/lib/query/use-delete-variable";
import { variableUsedByQuery } from "@/lib/query/variable-queries";
import { ServerLinks } from "./server-links";

type UsedBy = { mcp_servers?: { name: string }[] };

/** Shows who uses the variable before deleting; a 409 (still used) offers deleting anyway. */
export function DeleteVariableButton({ name, revision }: { name: string; revision: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const usedBy = useQuery({ ...variableUsedByQuery(name), enabled: isOpen });
  const remove = useDeleteVariable(name);
  const conflict = isProblem(remove.error, 409) ? (remove.error.problem.used_by as UsedBy | undefined) : undefined;
  const users = (conflict?.mcp_servers ?? usedBy.data?.mcp_servers ?? []).map((server) => server.name);

  function close() {
    setIsOpen(false);
    remove.reset();
  }

  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setIsOpen(true)}>Delete<span className="sr-only"> {name}</span></Button>
      <Dialog open={isOpen} onClose={close} title={`Delete ${name}?`} actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" disabled={remove.isPending || usedBy.isPending}
            onClick={() => remove.mutate({ revision, force: Boolean(conflict) }, { onSuccess: close })}>
            {remove.isPending ? "Deleting…" : conflict ? "Delete anyway" : "Delete variable"}
          </Button>
        </>
      }>
        {usedBy.isPending && <p role="status">Looking for servers that use it…</p>}
        {usedBy.isSuccess && !conflict && (users.length
          ? <div><p className="mb-1">Used by these servers, which will stay unresolved without it:</p><ServerLinks names={users} /></div>
          : <p>No server uses it. Its revision history is kept.</p>)}
        <div aria-live="polite">
          {conflict && (
            <Alert tone="danger" title="Still in use" isUrgent className="mt-3">
              <p className="mb-2">These servers name it and will stay unresolved if you delete it anyway:</p>
              <ServerLinks names={users} />
            </Alert>
          )}
          {remove.isError && !conflict && (
            <Alert tone="danger" isUrgent className="mt-3">
              {isProblem(remove.error, 412) ? "This variable changed since you opened it. Close this and try again." : remove.error.message}
            </Alert>
          )}
        </div>
      </Dialog>
    </>
  );
}
