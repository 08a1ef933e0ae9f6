"use client";

import { useQuery } from "@tanstack/react-query";

import { auditQuery, type AuditEntry } from "@/lib/query/audit";
import { recentCallsQuery } from "@/lib/query/calls";
import type { OnboardingFacts } from "@/lib/query/onboarding-steps";
import { fleetQuery } from "@/lib/query/servers";

/** The audit's name for the demo data written on the first start (lib/registry/seed.ts). */
const DEMO_ACTOR = "demo-seed";
const isWritten = (entry: AuditEntry) => entry.action === "create" || entry.action === "import";

/**
 * The checklist's facts from the registry itself — the fleet, the call log and the audit — so a step done
 * anywhere (the CLI, another browser, an import) is ticked; `undefined` until every answer is in.
 */
export function useOnboardingFacts(isEnabled: boolean): OnboardingFacts | undefined {
  const fleet = useQuery({ ...fleetQuery(), enabled: isEnabled });
  const calls = useQuery({ ...recentCallsQuery({}), enabled: isEnabled });
  const servers = useQuery({ ...auditQuery({ entity_type: "server" }), enabled: isEnabled });
  const agents = useQuery({ ...auditQuery({ entity_type: "agent" }), enabled: isEnabled });
  const tokens = useQuery({ ...auditQuery({ action: "token.create" }), enabled: isEnabled });
  const clients = useQuery({ ...auditQuery({ action: "mcp-client.allow" }), enabled: isEnabled });
  if (!fleet.data || !calls.data || !servers.data || !agents.data || !tokens.data || !clients.data) return undefined;

  const agentWrites = agents.data.entries.filter(isWritten);
  return {
    hasAddedServer: servers.data.entries.some((entry) => isWritten(entry) && entry.actor !== DEMO_ACTOR),
    hasHealthyServer: fleet.data.mcp_servers.some((server) => server.health.status === "healthy"),
    hasCalledTool: calls.data.calls.length > 0,
    hasCreatedAgent: agentWrites.some((entry) => entry.actor !== DEMO_ACTOR),
    hasAgent: agentWrites.length > 0,
    hasConnectedClient: clients.data.entries.length > 0 || tokens.data.entries.some((entry) => entry.detail?.role === "runner"),
  };
}
