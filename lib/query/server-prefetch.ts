import type { QueryClient } from "@tanstack/react-query";

import { getPageVisibility } from "../auth/page-principal";
import { getRawServer } from "../data/server-views";
import { listServers } from "../data/server-list";
import { listServerRevisions } from "../data/servers";
import { NotFoundError } from "../errors";
import { serverListQuerySchema } from "../schemas/server-query";
import { PAGE_SIZE, toSearchParams, type ServerListFilters } from "./list-filters";
import { resolvedServerQuery, revisionsQuery, serverListQuery, serverQuery } from "./server-queries";
import type { ResolvedServer, RevisionSummary, StoredServer } from "./types";

/**
 * Server components only: the first render reads the database directly under the same query keys the
 * browser's hooks use, so the dehydrated cache is picked up without a second request.
 */
export async function prefetchServerList(client: QueryClient, filters: ServerListFilters): Promise<void> {
  const params = Object.fromEntries(toSearchParams(filters));
  const parsed = serverListQuerySchema.safeParse({ ...params, limit: String(PAGE_SIZE) });
  if (!parsed.success) return; // the browser asks the API and shows its error
  await client.prefetchQuery({ ...serverListQuery(filters), queryFn: () => listServers(parsed.data) });
}

/** The stored definition and its history; `null` when there is no such server. */
export async function prefetchServer(client: QueryClient, name: string): Promise<StoredServer | null> {
  try {
    const server = await client.fetchQuery({ ...serverQuery(name), queryFn: async () => getRawServer(name, await getPageVisibility()) });
    await client.prefetchQuery({ ...revisionsQuery(name), // The data layer types `action` as a string; the wire schema narrows it.
    queryFn: async () => (await listServerRevisions(name)) as RevisionSummary[] });
    return server;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
