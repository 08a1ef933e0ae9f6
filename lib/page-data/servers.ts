import type { QueryClient } from "@tanstack/react-query";

import { getPageVisibility } from "../auth/page-principal";
import { listServers } from "../registry/server-list";
import { getRawServer } from "../registry/server-views";
import { listServerRevisions } from "../registry/servers";
import { listTagCounts } from "../registry/tags";
import { NotFoundError } from "../errors";
import { PAGE_SIZE, toApiSearchParams, type ServerListFilters } from "../query/list-filters";
import { callSummaryQuery, circuitsQuery, recentCallsQuery } from "../query/calls";
import { defaultsOf } from "../forms/parameter-values";
import { healthKeys, serverHealthQuery } from "../query/health";
import { oauthConnectionsQuery } from "../query/oauth";
import { serverPromptsQuery } from "../query/prompts";
import { environmentsQuery, resolvedServerQuery, serverListQuery, serverQuery, serverRevisionsQuery, usedByQuery, validationQuery } from "../query/servers";
import { serverToolsQuery } from "../query/tools";
import type { Environments, ServerHealth } from "../query/types";
import { prefetchPageQueries } from "./prefetch-page";
import type { RevisionSummary, StoredServer } from "../query/types";
import { serverListQuerySchema } from "../schemas/server-query";

/**
 * Server components only (lib/page-data is their one path to the database, with the caller's visibility): the first render reads the database directly under the same query keys the
 * browser's hooks use, so the dehydrated cache is picked up without a second request.
 */
export async function prefetchServerList(client: QueryClient, filters: ServerListFilters): Promise<void> {
  const params = Object.fromEntries(toApiSearchParams(filters));
  const parsed = serverListQuerySchema.safeParse({ ...params, limit: String(PAGE_SIZE) });
  if (!parsed.success) return; // the browser asks the API and shows its error
  await client.prefetchQuery({ ...serverListQuery(filters), queryFn: () => listServers(parsed.data) });
}

/** The stored definition and its history; `null` when there is no such server. */
export async function prefetchServer(client: QueryClient, name: string): Promise<StoredServer | null> {
  try {
    const server = await client.fetchQuery({ ...serverQuery(name), queryFn: async () => getRawServer(name, await getPageVisibility()) });
    await client.prefetchQuery({ ...serverRevisionsQuery(name), // The data layer types `action` as a string; the wire schema narrows it.
    queryFn: async () => (await listServerRevisions(name)) as RevisionSummary[] });
    return server;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * Everything the server page's panels read when it opens, with its HTML: health, circuit, tools, prompts, calls,
 * used-by, environments, each environment's resolved config and the validation of the default parameters. What
 * stays in the browser: the event stream, and the API reference (an outside fetch not worth holding the page for).
 */
export async function prefetchServerDetail(client: QueryClient, server: StoredServer): Promise<void> {
  const { name } = server;
  await prefetchPageQueries(client, [
    serverHealthQuery(name), circuitsQuery(name), usedByQuery(name), serverToolsQuery(name), serverPromptsQuery(name),
    callSummaryQuery({ server: name }), recentCallsQuery({ server: name }), environmentsQuery(), resolvedServerQuery(name),
    ...Object.keys(server.environments ?? {}).map((environment) => resolvedServerQuery(name, environment)),
    ...(server.auth?.type === "oauth" ? [oauthConnectionsQuery(name)] : []),
  ]);
  // What the title's health dot and the validation panel ask first, from what came above.
  const health = client.getQueryData<ServerHealth>(healthKeys.detail(name));
  if (health) client.setQueryData(healthKeys.latest(name), health.health);
  const environment = client.getQueryData<Environments>(environmentsQuery().queryKey)?.current;
  await prefetchPageQueries(client, [validationQuery(name, { environment, parameters: defaultsOf(server.parameters_schema) }, server.revision)]);
}

/** The stored definition for the edit form (secrets as the caller may see them); `null` when there is no such server. */
export async function loadServerForEdit(name: string): Promise<StoredServer | null> {
  try {
    return await getRawServer(name, await getPageVisibility());
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The most used tags, most used first: suggestions and filter chips. */
export async function listTagSuggestions(limit?: number): Promise<string[]> {
  return (await listTagCounts(limit)).map((entry) => entry.tag);
}
