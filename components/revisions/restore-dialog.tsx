"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { isProblem } from "@/lib/query/fetch-json";
import { useRestoreRevision, type RevisionTarget } from "@/lib/query/revisions";
import { RevisionDiff } from "./revision-diff";

type RestoreDialogProps = { target: RevisionTarget; revision: number | null; currentRevision: number; onClose: () => void };

/** Confirms a restore, showing what it would change from the current revision. */
export function RestoreDialog({ target, revision, currentRevision, onClose }: RestoreDialogProps) {
  const restore = useRestoreRevision(target);

  function close() {
    restore.reset();
    onClose();
  }

  function confirm() {
    if (revision === null) return;
    restore.mutate({ revision, currentRevision }, { onSuccess: close });
  }

  return (
    <Dialog open={revision !== null} onClose={close} size="lg" title={`Restore revision ${revision}?`} actions={
      <>
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" onClick={confirm} disabled={restore.isPending}>{restore.isPending ? "Restoring…" : `Restore revision ${revision}`}</Button>
      </>
    }>
      <p className="mb-3">
        This writes revision {currentRevision + 1}, equal to revision {revision}. Nothing is lost: the current
        definition stays in the history.
      </p>
      {revision !== null && <RevisionDiff target={target} from={currentRevision} to={revision} label="What the restore changes" />}
      {restore.isError && (
        <Alert tone="danger" isUrgent className="mt-3">
          {isProblem(restore.error, 412) ? `This ${target.noun} changed since you opened it. Reload the page and try again.` : restore.error.message}
        </Alert>
      )}
    </Dialog>
  );
}
