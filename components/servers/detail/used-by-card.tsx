"use client";

import { useQuery } from "@tanstack/react-query";

import { Card } from "@/components/ui/card";
import { isProblem } from "@/lib/query/fetch-json";
import { usedByQuery } from "@/lib/query/servers";
import { UsedByList } from "./used-by-list";

export function UsedByCard({ name }: { name: string }) {
  const usedBy = useQuery(usedByQuery(name));
  return (
    <Card title="Used by" id="used-by">
      <div aria-live="polite">
        {usedBy.data ? (
          <UsedByList usedBy={usedBy.data} />
        ) : usedBy.isError ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {isProblem(usedBy.error, 404) ? "Not available: this registry cannot tell yet." : `Could not load: ${usedBy.error.message}`}
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>
        )}
      </div>
    </Card>
  );
}
