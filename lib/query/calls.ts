import { queryOptions } from "@tanstack/react-query";

import type { Call, CallSummary } from "../schemas/calls";
import { fetchJson } from "./fetch-json";

/** Whose calls: a server's (it answered them), an agent's (its gateway made them), or the whole registry's ({}). */
export type CallSubject = { server: string } | { agent: string } | Record<string, never>;

export type Circuit = { server: string; environment: string; state: "closed" | "open" | "half_open"; consecutive_failures: number; opened_at: string | null };

/** Query keys for the call log and circuits; invalidating `callKeys.all` covers every entry below it. */
export const callKeys = {
  all: ["calls"] as const,
  summary: (subject: CallSubject) => [...callKeys.all, "summary", subject] as const,
  recent: (subject: CallSubject) => [...callKeys.all, "recent", subject] as const,
  circuits: (server?: string) => [...callKeys.all, "circuits", server ?? "*"] as const,
};

const searchOf = (subject: CallSubject) => new URLSearchParams(subject as Record<string, string>).toString();

/** The last hour of calls in one-minute buckets; refreshed every 15 s while shown. */
export function callSummaryQuery(subject: CallSubject) {
  return queryOptions({
    queryKey: callKeys.summary(subject),
    queryFn: ({ signal }) => fetchJson<CallSummary>(`/api/calls/summary?${searchOf(subject)}`, { signal }),
    refetchInterval: 15_000,
  });
}

export function recentCallsQuery(subject: CallSubject) {
  return queryOptions({
    queryKey: callKeys.recent(subject),
    queryFn: ({ signal }) => fetchJson<{ calls: Call[] }>(`/api/calls?${searchOf(subject)}&limit=10`, { signal }),
    refetchInterval: 15_000,
  });
}

/** The circuits this instance keeps (for one server, or all), per environment; none until a server is first called. */
export function circuitsQuery(server?: string) {
  return queryOptions({
    queryKey: callKeys.circuits(server),
    queryFn: ({ signal }) => fetchJson<{ circuits: Circuit[] }>(`/api/circuits${server === undefined ? "" : `?server=${encodeURIComponent(server)}`}`, { signal }),
    refetchInterval: 15_000,
  });
}
