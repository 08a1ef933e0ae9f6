import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { HealthResult } from "../health/types";
import {
  callTool, fetchEnvironments, fetchServerHealth, recheckServer, testConnection,
  type ConnectionInput,
} from "./health-api";
import { healthKeys } from "./health-keys";

export function useServerHealth(name: string) {
  return useQuery({ queryKey: healthKeys.detail(name), queryFn: () => fetchServerHealth(name) });
}

/** The latest status of one server: what a list row already knows, then whatever the event stream says. */
export function useLatestHealth(name: string, known?: HealthResult["status"]) {
  const { data } = useQuery({
    queryKey: healthKeys.latest(name),
    queryFn: async () => (await fetchServerHealth(name)).health,
    enabled: known === undefined,
    staleTime: Infinity,
  });
  return data?.status ?? known ?? "unknown";
}

export function useEnvironments() {
  return useQuery({ queryKey: healthKeys.environments(), queryFn: fetchEnvironments, staleTime: 60_000 });
}

/** Every probe is recorded, so each of these refreshes the server's health. */
function useRecorded(name: string) {
  const client = useQueryClient();
  return (result: HealthResult) => {
    client.setQueryData(healthKeys.latest(name), result);
    void client.invalidateQueries({ queryKey: healthKeys.detail(name) });
  };
}

export function useRecheck(name: string) {
  const recorded = useRecorded(name);
  return useMutation({ mutationFn: () => recheckServer(name), onSuccess: recorded });
}

export function useTestConnection(name: string) {
  const recorded = useRecorded(name);
  return useMutation({ mutationFn: (input: ConnectionInput) => testConnection(name, input), onSuccess: recorded });
}

export function useCallTool(name: string) {
  return useMutation({
    mutationFn: ({ tool, ...input }: ConnectionInput & { tool: string; arguments: Record<string, unknown> }) => callTool(name, tool, input),
  });
}
