import { useQuery } from "@tanstack/react-query";

import { environmentsQuery } from "./server-queries";

/** The registry's environments, under the one `environmentKeys.all` cache entry every picker shares. */
export function useEnvironments() {
  return useQuery(environmentsQuery());
}
