import { useQuery } from "@tanstack/react-query";

import { serverHealthQuery } from "./health-queries";

/** The server's latest health and its recent history. */
export function useServerHealth(name: string) {
  return useQuery(serverHealthQuery(name));
}
