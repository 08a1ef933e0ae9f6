"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { Card } from "@/components/ui/card";
import { capabilityUsedByQuery } from "@/lib/query/capabilities";

/** The agents that list this capability, linked. */
export function CapabilityUsedBy({ name }: { name: string }) {
  const usedBy = useQuery(capabilityUsedByQuery(name));
  const agents = usedBy.data?.agents ?? [];
  return (
    <Card title="Used by" id="used-by">
      <div aria-live="polite" className="text-sm">
        {usedBy.isError ? <p className="text-red-700 dark:text-red-400">Could not load: {usedBy.error.message}</p>
          : !usedBy.data ? <p className="text-slate-600 dark:text-slate-400">Loading…</p>
          : agents.length === 0 ? <p className="text-slate-600 dark:text-slate-400">No agent uses this capability.</p>
          : (
            <ul className="list-disc pl-5" aria-label="Agents">
              {agents.map((agent) => (
                <li key={agent.name}><Link href={`/agents/${encodeURIComponent(agent.name)}`} className="text-indigo-700 underline dark:text-indigo-300">{agent.name}</Link></li>
              ))}
            </ul>
          )}
      </div>
    </Card>
  );
}
