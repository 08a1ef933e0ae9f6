import { useQuery } from "@tanstack/react-query";

import type { HealthResult } from "../health/types";
import { fetchServerHealth, healthKeys } from "./health-queries";

/** The latest status of one server: what a list row already knows, then whatever the event stream says. */
export function useLatestHealth(name: string, known?: HealthResult["status"]) {
  const { data } = useQuery({
    queryKey: healthKeys.latest(name),
    queryFn: async ({ signal }) => (await fetchServerHealth(name, signal)).health,
    enabled: known === undefined,
    staleTime: Infinity,
  });
  return data?.status ?? known ?? "unknown";
}
