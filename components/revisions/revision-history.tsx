"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { Card } from "@/components/ui/card";
import { revisionsQuery, type RevisionTarget } from "@/lib/query/revisions";
import { RestoreDialog } from "./restore-dialog";
import { RevisionItem } from "./revision-item";

/** Every change, newest first, each with its diff against the one before and a restore. */
export function RevisionHistory({ target, currentRevision }: { target: RevisionTarget; currentRevision: number }) {
  const revisions = useQuery(revisionsQuery(target));
  const [restoring, setRestoring] = useState<number | null>(null);

  return (
    <Card title="Revision history" id="revisions">
      {revisions.isError && <p className="text-sm text-red-700 dark:text-red-400">Could not load the history: {revisions.error.message}</p>}
      {revisions.data && (
        <ol aria-label="Revisions, newest first">
          {revisions.data.map((revision) => (
            <RevisionItem key={revision.revision} target={target} revision={revision}
              isCurrent={revision.revision === currentRevision} onRestore={setRestoring} />
          ))}
        </ol>
      )}
      <RestoreDialog target={target} revision={restoring} currentRevision={currentRevision} onClose={() => setRestoring(null)} />
    </Card>
  );
}
