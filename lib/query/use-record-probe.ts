import { useQueryClient } from "@tanstack/react-query";

import type { HealthResult } from "../health/types";
import { healthKeys } from "./health-queries";

/** Every probe is recorded, so a re-check or a test connection refreshes the server's health. */
export function useRecordProbe(name: string) {
  const client = useQueryClient();
  return (result: HealthResult) => {
    client.setQueryData(healthKeys.latest(name), result);
    void client.invalidateQueries({ queryKey: healthKeys.detail(name) });
  };
}
