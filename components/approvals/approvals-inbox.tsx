"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";

import { RequiresRole } from "@/components/roles/requires-role";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ListRegion } from "@/components/ui/paged-list";
import { Select } from "@/components/ui/select";
import { TimeStamp } from "@/components/ui/time-stamp";
import { approvalsQuery, useDecideApproval, type Approval } from "@/lib/query/approvals";

const STATES = [["awaiting_approval", "Awaiting approval"], ["approved", "Approved"], ["denied", "Denied"], ["expired", "Expired"], ["", "All"]] as const;
/** What would appear under each state, and how it gets there: an empty inbox still says what the page is for. */
const EMPTY: Record<string, string> = {
  awaiting_approval: "No request is waiting. When a server's tool_policy holds a call for approval (or its tools drift under on_drift: require_approval), the request appears here for someone other than the requester to approve or deny.",
  approved: "No approved requests: an editor's approval of a held call or of drift appears here.",
  denied: "No denied requests: a held call or drift an editor denied appears here, with the reason given.",
  expired: "No expired requests: a request nobody decided in time appears here.",
  "": "No approval requests yet. They appear when a server's tool_policy holds a tool call for approval, or its tools drift under on_drift: require_approval.",
};
const TONES = { awaiting_approval: "warning", approved: "success", denied: "danger", expired: "neutral" } as const;

/** Tool calls and drift waiting for a decision, updated live from the event stream; approve or deny what someone else asked for. */
export function ApprovalsInbox() {
  const [state, setState] = useState<string>("awaiting_approval");
  const approvals = useQuery(approvalsQuery(state));
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <Field id="approvals-state" label="State">
          {(control) => (
            <Select {...control} value={state} onChange={(event) => setState(event.target.value)}>
              {STATES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </Select>
          )}
        </Field>
      </div>
      <ListRegion label="Approval requests" error={approvals.error} errorTitle="Approvals could not be loaded" isEmpty={approvals.data?.approvals.length === 0}
        empty={EMPTY[state] ?? EMPTY[""]}>
        <ul className="space-y-3">
          {approvals.data?.approvals.map((approval) => <ApprovalItem key={approval.id} approval={approval} />)}
        </ul>
      </ListRegion>
    </div>
  );
}

function ApprovalItem({ approval }: { approval: Approval }) {
  const decide = useDecideApproval(approval.id);
  const [reason, setReason] = useState("");
  const what = approval.kind === "drift" ? "Tools changed (drift)" : <>Call <span className="font-mono">{approval.tool}</span></>;
  return (
    <li className="space-y-2 rounded-md border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-950">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={TONES[approval.state]}>{approval.state.replace("_", " ")}</Badge>
        {approval.priority && <Badge tone={approval.priority === "high" || approval.priority === "critical" ? "danger" : "neutral"}>{approval.priority} priority</Badge>}
        <span>{what} on <Link className="underline" href={`/mcp-servers/${encodeURIComponent(approval.server)}`}>{approval.server}</Link> in {approval.environment}</span>
      </div>
      <p className="text-slate-600 dark:text-slate-400">
        Requested by {approval.requested_by} <TimeStamp iso={approval.requested_at} />
        {approval.decided_by && approval.decided_at && <>; {approval.state === "denied" ? "denied" : "approved"} by {approval.decided_by} <TimeStamp iso={approval.decided_at} /></>}
        {approval.state === "awaiting_approval" && <>; expires <TimeStamp iso={approval.expires_at} /></>}
      </p>
      {approval.rationale && <p>Why: {approval.rationale}</p>}
      {approval.conditions.length > 0 && (
        <div className="text-xs" aria-label="Conditions">
          <p>The policy asks you to check:</p>
          <ul className="ml-4 list-disc">{approval.conditions.map((condition) => <li key={condition}>{condition}</li>)}</ul>
        </div>
      )}
      {approval.reason && <p>Reason for denying: {approval.reason}</p>}
      {approval.destination && <Destination destination={approval.destination} />}
      {approval.arguments && <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-900">{JSON.stringify(approval.arguments, null, 2)}</pre>}
      {approval.context && Object.keys(approval.context).length > 0 && <p className="text-xs">Context: <code>{JSON.stringify(approval.context)}</code></p>}
      {decide.isError && <Alert tone="danger" title="Not decided">{decide.error.message}</Alert>}
      {approval.state === "awaiting_approval" && (
        <RequiresRole role="editor" fallback={<p className="text-xs text-slate-600 dark:text-slate-400">An editor decides this request.</p>}>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="primary" disabled={decide.isPending} onClick={() => decide.mutate({ decision: "approve" })}>Approve</Button>
          <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ decision: "deny", reason: reason.trim() || undefined })}>Deny</Button>
          <input
            aria-label="Reason for denying (optional)" placeholder="Reason for denying (optional)" value={reason} maxLength={2000}
            onChange={(event) => setReason(event.target.value)}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </div>
        </RequiresRole>
      )}
    </li>
  );
}

/** Where an approved call would go (DESIGN §14): the approval runs only a call that resolves to this very config. */
function Destination({ destination }: { destination: Record<string, unknown> }) {
  const where = typeof destination.url === "string" ? destination.url : [destination.command, ...(Array.isArray(destination.args) ? destination.args : [])].join(" ");
  const values = (destination.headers ?? destination.env) as Record<string, unknown> | undefined;
  return (
    <div className="text-xs" aria-label="Destination">
      <p>Goes to ({String(destination.type)}): <code className="break-all">{where}</code></p>
      {values && Object.keys(values).length > 0 && (
        <ul className="ml-4 list-disc">
          {Object.entries(values).map(([key, value]) => <li key={key}><code>{key}: {String(value)}</code></li>)}
        </ul>
      )}
    </div>
  );
}
