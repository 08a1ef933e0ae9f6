"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import type { ManagedBy } from "@/lib/schemas/document";
import { syncStatusQuery } from "@/lib/query/import-export";

/**
 * A detail page's Edit and Delete, unless GitOps sync manages the entity (DESIGN §13): then the file is the
 * place to change it, and the page says which file. An entity removed from the path but kept stays editable.
 */
export function ManagedActions({ managedBy, children }: { managedBy?: ManagedBy; children: ReactNode }) {
  // Only the path is read here, once: it does not change while the process runs.
  const { data: status } = useQuery({ ...syncStatusQuery(), enabled: managedBy !== undefined, refetchInterval: false });
  const where = status?.path ?? "the sync path";

  if (managedBy === "sync") {
    return (
      <>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="managed-notice">managed in <code>{where}</code></p>
        <Button variant="primary" disabled title={`Managed in ${where}: change it there`}>Edit</Button>
      </>
    );
  }
  return (
    <>
      {managedBy === "sync-orphan" && (
        <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="managed-notice">removed from <code>{where}</code>, kept: still referenced</p>
      )}
      {children}
    </>
  );
}
