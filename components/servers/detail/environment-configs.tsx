"use client";

import { useQueries, useQuery } from "@tanstack/react-query";

import { Card } from "@/components/ui/card";
import { resolvedServerQuery } from "@/lib/query/servers";
import type { StoredServer } from "@/lib/query/types";
import { EnvironmentCard } from "./environment-card";

/** Each environment side by side: what it overrides and the config it resolves to (registry values masked). */
export function EnvironmentConfigs({ server }: { server: StoredServer }) {
  // Resolving without ?environment= answers for the registry's own environment, and names it.
  const own = useQuery(resolvedServerQuery(server.name));
  const current = own.data?.mcp_server.environment;
  const defined = Object.keys(server.environments ?? {});
  const others = useQueries({ queries: defined.map((environment) => resolvedServerQuery(server.name, environment)) });
  const cards = [
    ...(current && !defined.includes(current) ? [{ environment: current, result: own }] : []),
    ...defined.map((environment, index) => ({ environment, result: others[index] })),
  ];

  return (
    <Card title="Environments" id="environments">
      {cards.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">{own.isError ? `Could not resolve: ${own.error.message}` : "Resolving…"}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Resolved config per environment">
          {cards.map(({ environment, result }) => (
            <li key={environment} className="min-w-0">
              <EnvironmentCard environment={environment} isCurrent={environment === current}
                override={server.environments?.[environment]} result={result} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
