"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

import { isProblem } from "@/lib/query/fetch-json";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";

type DeleteMutation = UseMutationResult<unknown, Error, { revision: number; force?: boolean }>;

/** The dialog's state: open or not, and the 409's `used_by` once the registry refused the delete. */
export function useDeleteDialog<UsedBy>(remove: DeleteMutation) {
  const [isOpen, setIsOpen] = useState(false);
  const conflict = isProblem(remove.error, 409) ? (remove.error.problem.used_by as UsedBy | undefined) : undefined;

  function close() {
    setIsOpen(false);
    remove.reset();
  }

  return { isOpen, open: () => setIsOpen(true), close, conflict, remove };
}

type ConfirmDeleteProps<UsedBy> = {
  dialog: ReturnType<typeof useDeleteDialog<UsedBy>>;
  name: string;
  revision: number;
  /** "server", "variable", "capability" …: the confirm button says "Delete <noun>". */
  noun: string;
  onDeleted: () => void;
  isSmall?: boolean;
  isConfirmDisabled?: boolean;
  /** Shown above the impact, always. */
  intro?: ReactNode;
  /** Who uses it, before the delete is tried; replaced by `conflict` once the registry answered 409. */
  impact?: ReactNode;
  conflictTitle: string;
  renderConflict: (usedBy: UsedBy) => ReactNode;
  staleMessage: string;
};

/** Delete after confirming; a 409 shows who still uses it and turns the button into a forced delete. */
export function ConfirmDeleteButton<UsedBy>(props: ConfirmDeleteProps<UsedBy>) {
  const { dialog, name, revision, noun, onDeleted, isSmall, isConfirmDisabled, intro, impact, conflictTitle, renderConflict, staleMessage } = props;
  const { remove, conflict } = dialog;

  function confirm() {
    remove.mutate({ revision, force: Boolean(conflict) }, { onSuccess: onDeleted });
  }

  return (
    <>
      <Button size={isSmall ? "sm" : undefined} variant="danger" onClick={dialog.open}>Delete{isSmall && <span className="sr-only"> {name}</span>}</Button>
      <Dialog open={dialog.isOpen} onClose={dialog.close} title={`Delete ${name}?`} actions={
        <>
          <Button onClick={dialog.close}>Cancel</Button>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending || isConfirmDisabled}>
            {remove.isPending ? "Deleting…" : conflict ? "Delete anyway" : `Delete ${noun}`}
          </Button>
        </>
      }>
        {intro}
        <div aria-live="polite">
          {conflict ? (
            <Alert tone="danger" title={conflictTitle} isUrgent className="mt-3">{renderConflict(conflict)}</Alert>
          ) : impact}
          {remove.isError && !conflict && (
            <Alert tone="danger" isUrgent className="mt-3">{isProblem(remove.error, 412) ? staleMessage : remove.error.message}</Alert>
          )}
        </div>
      </Dialog>
    </>
  );
}
