import Link from "next/link";

import { EmptyState } from "@/components/ui/empty-state";
import type { EnvironmentVariables } from "@/lib/schemas/variable";

/** The servers whose variables would stay unresolved in this environment, each with the reasons. */
export function UnresolvedServers({ unresolved, environment }: { unresolved: EnvironmentVariables["unresolved"]; environment: string }) {
  if (unresolved.length === 0) return <EmptyState title={`Every server resolves in ${environment}`}>No server names a variable that is missing or out of scope here.</EmptyState>;

  return (
    <ul aria-label={`Servers unresolved in ${environment}`} className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
      {unresolved.map(({ server, warnings }) => (
        <li key={server} className="py-2">
          <Link href={`/mcp-servers/${encodeURIComponent(server)}`} className="font-medium text-indigo-700 underline break-all dark:text-indigo-300">{server}</Link>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
            {warnings.map((warning) => (
              <li key={warning.path + warning.message}><code className="font-mono text-xs break-all">{warning.path}</code>: {warning.message}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
