import Link from "next/link";

import type { UsedBy } from "@/lib/query/types";

/** Capabilities and agents that reference a server, linked. */
export function UsedByList({ usedBy }: { usedBy: UsedBy }) {
  if (usedBy.capabilities.length === 0 && usedBy.agents.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing references this server.</p>;
  }
  const link = "text-indigo-700 underline dark:text-indigo-300";
  return (
    <div className="flex flex-col gap-3 text-sm">
      {usedBy.capabilities.length > 0 && (
        <div>
          <h3 className="font-semibold">Capabilities</h3>
          <ul className="mt-1 list-disc pl-5">
            {usedBy.capabilities.map((cap) => (
              <li key={`${cap.name}/${cap.alias}`}>
                <Link href={`/capabilities/${encodeURIComponent(cap.name)}`} className={link}>{cap.name}</Link>
                {cap.alias && <span className="text-slate-600 dark:text-slate-400"> as {cap.alias}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {usedBy.agents.length > 0 && (
        <div>
          <h3 className="font-semibold">Agents</h3>
          <ul className="mt-1 list-disc pl-5">
            {usedBy.agents.map((agent) => (
              <li key={`${agent.name}/${agent.alias}/${agent.via}`}>
                <Link href={`/agents/${encodeURIComponent(agent.name)}`} className={link}>{agent.name}</Link>
                {agent.via && <span className="text-slate-600 dark:text-slate-400"> via {agent.via}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
