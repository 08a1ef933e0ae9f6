import { queryOptions } from "@tanstack/react-query";

import type { ApiReference } from "../schemas/api-reference";
import { fetchJson } from "./fetch-json";
import { serverKeys, serverPath } from "./servers";

export type { ApiReference };

/**
 * GET /api/mcp-servers/{name}/api-reference: the OpenAPI document at `support.api_reference_url`, summarised. Under
 * the server's detail key with the URL itself, so an edit of the URL reads the new one; kept as long as the server
 * keeps it (5 minutes), and a failure is shown at once rather than asked again.
 */
export const apiReferenceQuery = (name: string, url: string) =>
  queryOptions({
    queryKey: [...serverKeys.detail(name), "api-reference", url] as const,
    queryFn: ({ signal }) => fetchJson<ApiReference>(`${serverPath(name)}/api-reference`, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
