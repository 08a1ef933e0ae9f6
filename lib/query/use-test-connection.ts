import { useMutation } from "@tanstack/react-query";

import { testConnection } from "./health-queries";
import type { ConnectionInput } from "./types";
import { useRecordProbe } from "./use-record-probe";

/** A live handshake for an environment with parameters; recorded like any probe. */
export function useTestConnection(name: string) {
  const recorded = useRecordProbe(name);
  return useMutation({ mutationFn: (input: ConnectionInput) => testConnection(name, input), onSuccess: recorded });
}
