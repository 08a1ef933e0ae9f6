"use client";

import { useQueries, useQuery } from "@tanstack/react-query";

import { Card } from "@/components/ui/card";
import { environmentsQuery, resolvedServerQuery } from "@/lib/query/server-queries";
import type { StoredServer } from "@/lib/query/types";
import { EnvironmentCard } from "./environment-card";

/** Each environment side by side: what it overrides and the config it resolves to (registry values masked). */
export function EnvironmentConfigs({ server }: { server: StoredServer }) {
  const environments = useQuery(environmentsQuery());
  const current = environments.data?.current;
  const defined = Object.keys(server.environments ?? {});
  const names = [...new Set([...(current && !defined.includes(current) ? [current] : []), ...defined])];
  const resolved = useQueries({ queries: names.map((environment) => resolvedServerQuery(server.name, environment)) });

  return (
    <Card title="Environments" id="environments">
      {names.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">Loading environments…</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Resolved config per environment">
          {names.map((environment, index) => (
            <li key={environment} className="min-w-0">
              <EnvironmentCard
                environment={environment}
                isCurrent={environment === current}
                override={server.environments?.[environment]}
                result={resolved[index]}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
