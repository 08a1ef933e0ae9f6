"use client";

import Link from "next/link";

import { ToolResultView } from "@/components/health/tool-result-view";
import { Alert } from "@/components/ui/alert";
import { isProblem } from "@/lib/query/fetch-json";
import type { TryOutcome } from "@/lib/query/invoke-result";

/**
 * What one "Try it" call came to: the result (a tool error marked as such), a call waiting for an approval (its
 * id, and the inbox where someone else decides), or the refusal or failure the API answered — a per-person
 * server's 409 with the page where the caller connects. Field errors are shown on their fields, not here.
 */
export function TryItOutcome({ outcome, error }: { outcome: TryOutcome | undefined; error: Error | null }) {
  if (error) return <CallProblem error={error} />;
  if (!outcome) return null;
  if (outcome.approval) {
    return (
      <Alert tone="warning" title="Waiting for approval" isUrgent>
        <p>This call needs an approval: request <code data-testid="approval-id">{outcome.approval.id}</code> is {outcome.approval.state.replace(/_/g, " ")}. Once someone else approves it, the same call (same arguments) runs once.</p>
        <p className="mt-1"><Link className="underline" href="/approvals">Open Approvals</Link></p>
      </Alert>
    );
  }
  return <div role="status"><ToolResultView result={outcome} /></div>;
}

function CallProblem({ error }: { error: Error }) {
  if (isProblem(error, 409) && typeof error.problem.connect_url === "string") {
    return (
      <Alert tone="warning" title="Connect your account first" isUrgent>
        <p>{error.message}</p>
        <p className="mt-1"><a className="underline" href={error.problem.connect_url}>Connect your account</a> — nothing was sent.</p>
      </Alert>
    );
  }
  if (isProblem(error, 403)) return <Alert tone="danger" title="Refused" isUrgent>{error.message}</Alert>;
  if (isProblem(error) && error.errors.length > 0) return <Alert tone="danger" title="The arguments do not fit the tool's input schema" isUrgent>Nothing was sent: see the fields above.</Alert>;
  return <Alert tone="danger" title="The call failed" isUrgent>{error.message}</Alert>;
}
