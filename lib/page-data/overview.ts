import type { QueryClient } from "@tanstack/react-query";

import { approvalsQuery } from "../query/approvals";
import { auditQuery } from "../query/audit";
import { callSummaryQuery, recentCallsQuery } from "../query/calls";
import { fleetQuery } from "../query/servers";
import { prefetchPageQueries } from "./prefetch-page";

/**
 * The overview's first data, with its HTML (lib/page-data/prefetch-page.ts): the fleet, approvals waiting, the
 * calls, the latest changes, and what the getting-started checklist ticks from. What a role may not read is left
 * to the browser, which says so as before.
 */
export async function prefetchOverview(client: QueryClient): Promise<void> {
  await prefetchPageQueries(client, [
    fleetQuery(), approvalsQuery("awaiting_approval"), callSummaryQuery({}), auditQuery({}), recentCallsQuery({}),
    auditQuery({ entity_type: "server" }), auditQuery({ entity_type: "agent" }),
    auditQuery({ action: "token.create" }), auditQuery({ action: "mcp-client.allow" }),
  ]);
}
