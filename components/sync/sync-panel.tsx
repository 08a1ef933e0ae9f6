"use client";

import { useQuery } from "@tanstack/react-query";

import { Alert } from "@/components/ui/alert";
import { TimeStamp } from "@/components/ui/time-stamp";
import type { SyncStatus } from "@/lib/schemas/sync";
import { syncStatusQuery } from "@/lib/query/import-export";

/** The dashboard's view of GitOps sync (DESIGN §13): nothing when sync is off, the latest run's outcome otherwise. */
export function SyncPanel({ initial }: { initial: SyncStatus }) {
  // With sync off nothing will change: no polling.
  const { data: status } = useQuery({ ...syncStatusQuery(), initialData: initial, enabled: initial.status !== "disabled" });
  if (status.status === "disabled" || !status.path) return null;

  const when = status.last_run_at ? <> · last run <TimeStamp iso={status.last_run_at} /></> : null;
  if (status.status === "error") {
    return (
      <Alert tone="danger" title={<>Sync failed: nothing was changed{when}</>} className="mb-4">
        <p>The registry is synced from <code>{status.path}</code>. Fix the file; the next change is picked up on its own.</p>
        <ul className="mt-2 list-disc pl-5" aria-label="Sync errors">
          {status.report?.errors.map((error, index) => (
            <li key={index}>{error.path && <code>{error.path}</code>} {error.message}</li>
          ))}
        </ul>
      </Alert>
    );
  }

  const kept = status.report?.kept ?? [];
  return (
    <Alert tone={kept.length ? "warning" : "info"} title={<>Synced from <code>{status.path}</code>{when}</>} className="mb-4">
      <p>{describe(status)}</p>
      {kept.length > 0 && (
        <ul className="mt-2 list-disc pl-5" aria-label="Kept although removed from the path">
          {kept.map((entry) => <li key={`${entry.kind}/${entry.name}`}>{entry.kind} <code>{entry.name}</code>: {entry.reason}</li>)}
        </ul>
      )}
    </Alert>
  );
}

function describe(status: SyncStatus): string {
  if (status.status === "pending") return "The first sync has not run yet.";
  if (status.status === "standby") return "Another instance holds the sync lease and syncs for all of them.";
  const report = status.report!;
  const counts = [`${report.created.length} created`, `${report.updated.length} updated`, `${report.pruned.length} removed`];
  return `Latest run: ${counts.join(", ")}. Entities from this path are edited there, not here.`;
}
