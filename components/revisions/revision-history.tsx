"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { Card } from "@/components/ui/card";
import { revisionsQuery } from "@/lib/query/server-queries";
import { RestoreDialog } from "./restore-dialog";
import { RevisionItem } from "./revision-item";

/** Every change, newest first, each with its diff against the one before and a restore. */
export function RevisionHistory({ name, currentRevision }: { name: string; currentRevision: number }) {
  const revisions = useQuery(revisionsQuery(name));
  const [restoring, setRestoring] = useState<number | null>(null);

  return (
    <Card title="Revision history" id="revisions">
      {revisions.isError && <p className="text-sm text-red-700 dark:text-red-400">Could not load the history: {revisions.error.message}</p>}
      {revisions.data && (
        <ol aria-label="Revisions, newest first">
          {revisions.data.map((revision) => (
            <RevisionItem key={revision.revision} name={name} revision={revision}
              isCurrent={revision.revision === currentRevision} onRestore={setRestoring} />
          ))}
        </ol>
      )}
      <RestoreDialog name={name} revision={restoring} currentRevision={currentRevision} onClose={() => setRestoring(null)} />
    </Card>
  );
}
