import { isServer, QueryClient } from "@tanstack/react-query";

import { isProblem } from "./fetch-json";

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-rendered data is fresh on arrival; don't refetch it the moment the page hydrates.
        staleTime: 30_000,
        // A 4xx answer will not change by asking again.
        retry: (failures, error) => !(isProblem(error) && error.status < 500) && failures < 2,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One QueryClient per request on the server, one for the whole session in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
