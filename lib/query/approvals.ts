import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { Approval } from "../schemas/approvals";
import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";

export type { Approval };

export const approvalKeys = { all: ["approvals"] as const, list: (state: string) => [...approvalKeys.all, state] as const };

export const approvalsQuery = (state: string) =>
  queryOptions({
    queryKey: approvalKeys.list(state),
    queryFn: () => fetchJson<{ approvals: Approval[]; next_cursor: string | null }>(`/api/approvals?limit=100${state ? `&state=${state}` : ""}`),
    placeholderData: keepPreviousData,
    // No polling: the event stream's `approval` events invalidate these (lib/query/health-events.ts useHealthEvents).
  });

/** Approve or deny one request (a deny with its reason, when given); every inbox re-reads. */
export function useDecideApproval(id: string) {
  return useWrite(
    ({ decision, reason }: { decision: "approve" | "deny"; reason?: string }) =>
      fetchJson<Approval>(`/api/approvals/${encodeURIComponent(id)}/${decision}`, { method: "POST", ...(decision === "deny" && reason && { json: { reason } }) }),
    (client) => client.invalidateQueries({ queryKey: approvalKeys.all }),
  );
}
