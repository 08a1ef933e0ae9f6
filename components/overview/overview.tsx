"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { CallChart, CallFigures } from "@/components/calls/calls-panel";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { TimeStamp } from "@/components/ui/time-stamp";
import { approvalsQuery } from "@/lib/query/approvals";
import { auditQuery } from "@/lib/query/audit";
import { callSummaryQuery } from "@/lib/query/calls";
import { fleetQuery } from "@/lib/query/servers";
import type { ServerListPage } from "@/lib/query/types";

import { OnboardingChecklist } from "./onboarding-checklist";

/** What the overview names per list: enough to act on, short enough to take in at a glance. */
const SHOWN = 5;
const HEALTHY = new Set(["healthy", "skipped"]);

/**
 * The overview at `/` (#31): the fleet's health and drift, approvals waiting, calls and errors over the last hour,
 * and the latest changes — four requests, each card a way into the page that holds the rest. Above them, until
 * dismissed, the getting-started checklist.
 */
export function Overview() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <OnboardingChecklist />
      <FleetCard />
      <ApprovalsCard />
      <FleetCallsCard />
      <RecentChangesCard />
    </div>
  );
}

function FleetCard() {
  const fleet = useQuery(fleetQuery());
  const servers = fleet.data?.mcp_servers ?? [];
  const counts = new Map<string, number>();
  for (const server of servers) counts.set(server.health.status, (counts.get(server.health.status) ?? 0) + 1);
  const attention = servers.filter((server) => !HEALTHY.has(server.health.status));
  const drifted = servers.filter((server) => server.health.drift);
  return (
    <Card title="Fleet health" id="fleet">
      {fleet.isError && <Alert tone="danger" title="Servers could not be loaded">{fleet.error.message}</Alert>}
      {fleet.data && servers.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No MCP server yet: <Link className="underline" href="/mcp-servers/new">define one</Link> or <Link className="underline" href="/import">import</Link> a Claude Desktop or registry file.</p>}
      {servers.length > 0 && (
        <>
          <dl className="flex flex-wrap gap-x-6 gap-y-2">
            <Figure label="Servers" value={servers.length} name="servers" />
            {[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => <Figure key={status} label={status.replace("_", " ")} value={count} name={status} />)}
            <Figure label="drifted" value={drifted.length} name="drifted" />
          </dl>
          <ServerList title="Need attention" servers={attention} describe={(server) => server.health.status.replace("_", " ")} empty="Every server answers." />
          {drifted.length > 0 && <ServerList title="Tools drifted from their pin" servers={drifted} describe={() => "drift"} empty="" />}
        </>
      )}
    </Card>
  );
}

function ServerList({ title, servers, describe, empty }: { title: string; servers: ServerListPage["mcp_servers"]; describe: (server: ServerListPage["mcp_servers"][number]) => string; empty: string }) {
  return (
    <section className="mt-3" aria-label={title}>
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{title}</h3>
      {servers.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p> : (
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {servers.slice(0, SHOWN).map((server) => (
            <li key={server.name} className="flex items-center gap-2">
              <Link className="font-medium underline-offset-2 hover:underline" href={`/mcp-servers/${encodeURIComponent(server.name)}`}>{server.name}</Link>
              <Badge tone={describe(server) === "drift" ? "warning" : "danger"}>{describe(server)}</Badge>
            </li>
          ))}
          {servers.length > SHOWN && <li className="text-slate-600 dark:text-slate-400">and {servers.length - SHOWN} more on the <Link className="underline" href="/mcp-servers">servers list</Link></li>}
        </ul>
      )}
    </section>
  );
}

function ApprovalsCard() {
  const waiting = useQuery(approvalsQuery("awaiting_approval"));
  const approvals = waiting.data?.approvals ?? [];
  return (
    <Card title="Approvals waiting" id="approvals">
      {waiting.isError && <Alert tone="danger" title="Approvals could not be loaded">{waiting.error.message}</Alert>}
      {waiting.data && (
        <dl><Figure label="Waiting" value={approvals.length} name="approvals" /></dl>
      )}
      {waiting.data && approvals.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No tool call or drift waits for a decision.</p>}
      {approvals.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {approvals.slice(0, SHOWN).map((approval) => (
            <li key={approval.id}>
              <span className="font-mono text-xs">{approval.kind === "drift" ? `${approval.server} (drift)` : `${approval.server}.${approval.tool}`}</span>
              <span className="text-slate-600 dark:text-slate-400"> asked by {approval.requested_by}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm"><Link className="underline" href="/approvals">Open the approvals inbox</Link></p>
    </Card>
  );
}

function FleetCallsCard() {
  const summary = useQuery(callSummaryQuery({}));
  return (
    <Card title="Calls in the last hour" id="calls">
      {summary.isError && <Alert tone="danger" title="Calls could not be loaded">{summary.error.message}</Alert>}
      {summary.data && <CallFigures summary={summary.data} />}
      {summary.data && summary.data.totals.count > 0 && <CallChart summary={summary.data} />}
    </Card>
  );
}

function RecentChangesCard() {
  const audit = useQuery(auditQuery({}));
  const entries = (audit.data?.entries ?? []).slice(0, 8);
  return (
    <Card title="Recent changes" id="changes">
      {audit.isError && <Alert tone="danger" title="The audit log could not be loaded">{audit.error.message}</Alert>}
      {audit.data && entries.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">Nothing has changed yet: definitions, tokens, pins and decisions will show here.</p>}
      {entries.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`} className="flex flex-wrap items-baseline gap-x-2">
              <TimeStamp iso={entry.at} />
              <span>{entry.actor}</span>
              <Badge>{entry.action}</Badge>
              <span className="font-medium">{entry.entity_type} {entry.name}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm"><Link className="underline" href="/audit">Open the audit log</Link></p>
    </Card>
  );
}

function Figure({ label, value, name }: { label: string; value: number; name: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 capitalize dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-figure={name}>{value}</dd>
    </div>
  );
}
