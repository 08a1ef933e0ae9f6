"use client";

import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { TimeStamp } from "@/components/ui/time-stamp";
import { callSummaryQuery, recentCallsQuery, type CallSubject } from "@/lib/query/calls";
import type { CallSummary } from "@/lib/schemas/calls";
import { utcTimeOfDay } from "@/lib/time/relative-time";

/** A server's or an agent's tool calls through the gateway and /api/invoke over the last hour (DESIGN §12). */
export function CallsPanel({ subject }: { subject: CallSubject }) {
  const summary = useQuery(callSummaryQuery(subject));
  const recent = useQuery(recentCallsQuery(subject));

  return (
    <Card id="calls" title="Calls in the last hour">
      {summary.isError && <Alert tone="danger" title="Calls could not be loaded">{summary.error.message}</Alert>}
      {summary.data && <CallFigures summary={summary.data} />}
      {summary.data && summary.data.totals.count > 0 && <CallChart summary={summary.data} />}
      {recent.data && recent.data.calls.length > 0 && (
        <table className="mt-4 w-full border-collapse text-left text-sm">
          <caption className="mb-1 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Latest calls</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <tr><th scope="col" className="py-1 pr-3">At</th><th scope="col" className="py-1 pr-3">Tool</th><th scope="col" className="py-1 pr-3">Outcome</th><th scope="col" className="py-1 pr-3 text-right">Latency</th><th scope="col" className="py-1">Caller</th></tr>
          </thead>
          <tbody>
            {recent.data.calls.map((call) => (
              <tr key={call.id} className="border-b border-slate-100 dark:border-slate-900">
                <td className="py-1 pr-3"><TimeStamp iso={call.at} /></td>
                <td className="py-1 pr-3 font-mono text-xs">{call.tool}</td>
                <td className="py-1 pr-3"><Badge tone={call.outcome === "ok" ? "success" : call.outcome === "awaiting_approval" || call.outcome === "denied" ? "warning" : "danger"}>{call.outcome}</Badge></td>
                <td className="py-1 pr-3 text-right tabular-nums">{call.latency_ms} ms</td>
                <td className="py-1">{call.caller}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export function CallFigures({ summary }: { summary: CallSummary }) {
  const { count, errors, p50_ms, p99_ms } = summary.totals;
  if (count === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No calls in the last hour.</p>;
  const figures = [
    ["Calls", String(count)],
    ["Rate", `${(count / 60).toFixed(count < 60 ? 2 : 1)} / min`],
    ["Errors", `${errors} (${((errors / count) * 100).toFixed(1)} %)`],
    ["p50", p50_ms === null ? "–" : `${p50_ms} ms`],
    ["p99", p99_ms === null ? "–" : `${p99_ms} ms`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-figure={label.toLowerCase()}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Calls per minute, errors stacked in red; the tooltip gives each minute's p50 and p99. */
export function CallChart({ summary }: { summary: CallSummary }) {
  const points = summary.buckets.map((bucket) => ({ at: Date.parse(bucket.start), ok: bucket.count - bucket.errors, errors: bucket.errors, p50: bucket.p50_ms, p99: bucket.p99_ms }));
  return (
    <figure className="mt-3">
      <div className="h-32 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
            <XAxis dataKey="at" tickFormatter={utcTimeOfDay} fontSize={11} stroke="currentColor" minTickGap={32} interval="preserveStartEnd" />
            <YAxis width={32} fontSize={11} allowDecimals={false} stroke="currentColor" />
            <Tooltip labelFormatter={(at) => utcTimeOfDay(Number(at))}
              formatter={(value, key, item) => (key === "errors" ? [value, "errors"] : [`${value} (p50 ${item.payload.p50 ?? "–"} ms, p99 ${item.payload.p99 ?? "–"} ms)`, "ok"])} />
            <Bar dataKey="ok" stackId="calls" fill="#10b981" isAnimationActive={false} />
            <Bar dataKey="errors" stackId="calls" fill="#ef4444" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">Calls per minute (UTC), errors in red.</figcaption>
    </figure>
  );
}
