import type { QueryClient } from "@tanstack/react-query";

import { toReferenceRows } from "../forms/reference-rows";
import { AGENT, agentQuery, blueprintQuery } from "../query/agents";
import { callSummaryQuery, recentCallsQuery } from "../query/calls";
import { CAPABILITY, capabilityQuery, capabilityUsedByQuery } from "../query/capabilities";
import { documentRevisionTarget, effectiveToolsQuery } from "../query/documents";
import { revisionsQuery } from "../query/revisions";
import { environmentsQuery, serverQuery, validationQuery } from "../query/servers";
import type { Environments } from "../query/types";
import type { StoredCapability } from "../schemas/capability";
import { prefetchPageQueries } from "./prefetch-page";

/**
 * The first data of an agent's and a capability's page, with its HTML (lib/page-data/prefetch-page.ts). What stays
 * in the browser: the event stream, and the prompts and resources panels, which ask the upstream servers each time.
 */
export async function prefetchAgentDetail(client: QueryClient, name: string): Promise<void> {
  await prefetchPageQueries(client, [
    agentQuery(name), effectiveToolsQuery(AGENT, name), revisionsQuery(documentRevisionTarget(AGENT, name)),
    callSummaryQuery({ agent: name }), recentCallsQuery({ agent: name }), environmentsQuery(),
  ]);
  const environment = currentEnvironment(client);
  if (environment) await prefetchPageQueries(client, [blueprintQuery(name, { environment })]);
}

/** …and a capability's: its references resolved as its Blueprint card asks (each server, then its validate). */
export async function prefetchCapabilityDetail(client: QueryClient, name: string): Promise<void> {
  await prefetchPageQueries(client, [
    capabilityQuery(name), effectiveToolsQuery(CAPABILITY, name), revisionsQuery(documentRevisionTarget(CAPABILITY, name)),
    capabilityUsedByQuery(name), environmentsQuery(),
  ]);
  const capability = client.getQueryData(capabilityQuery(name).queryKey)?.document as StoredCapability | undefined;
  const environment = currentEnvironment(client);
  if (!capability || !environment) return;
  const rows = toReferenceRows(capability.mcp_servers).filter((row) => row.server !== null && !row.inline);
  await prefetchPageQueries(client, rows.map((row) => serverQuery(row.server!)));
  await prefetchPageQueries(client, rows.flatMap((row) => {
    const server = client.getQueryData(serverQuery(row.server!).queryKey);
    return server ? [validationQuery(row.server!, { environment, parameters: row.parameters }, server.revision)] : [];
  }));
}

const currentEnvironment = (client: QueryClient) => client.getQueryData<Environments>(environmentsQuery().queryKey)?.current;
