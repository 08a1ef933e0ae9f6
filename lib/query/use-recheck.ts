import { useMutation } from "@tanstack/react-query";

import { recheckServer } from "./health-queries";
import { useRecordProbe } from "./use-record-probe";

/** POST …/health-check now, instead of waiting for the scheduler. */
export function useRecheck(name: string) {
  const recorded = useRecordProbe(name);
  return useMutation({ mutationFn: () => recheckServer(name), onSuccess: recorded });
}
