"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import type { HealthResult } from "@/lib/health/types";
import { utcTimeOfDay, utcTimestamp } from "@/lib/time/relative-time";

import { CHART_FAILED, CHART_NOT_RUN, CHART_OK } from "./health-status";

/** `outcome`: worked, failed, or not run at all (skipped by policy, unknown: unresolvable) — which is no failure. */
type Point = { at: number; latency: number | null; outcome: "ok" | "failed" | "not_run"; status: string; reason: string | null };

const NOT_RUN = new Set(["skipped", "unknown"]);

function outcomeOf(entry: HealthResult): Point["outcome"] {
  if (entry.ok) return "ok";
  return NOT_RUN.has(entry.status) ? "not_run" : "failed";
}


/**
 * latency_ms over checked_at, oldest left, as steps between the measured points (no curve is invented between
 * checks, and a check without a latency breaks the line). Working probes are green dots, failed ones red; a failure with no
 * latency (refused, never connected) sits on the axis so it is still seen. A check that did not run (skipped,
 * unknown) is a hollow grey ring on the axis, named by its status and never counted or coloured as a failure.
 */
export function LatencyChart({ history }: { history: HealthResult[] }) {
  const points: Point[] = history
    .filter((entry) => entry.checked_at)
    .map((entry) => ({
      at: Date.parse(entry.checked_at!),
      latency: entry.latency_ms ?? (entry.ok ? null : 0),
      outcome: outcomeOf(entry),
      status: entry.status,
      reason: entry.reason,
    }))
    .reverse();
  if (points.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No checks recorded yet.</p>;

  const failures = points.filter((point) => point.outcome === "failed").length;
  const notRun = points.filter((point) => point.outcome === "not_run");
  return (
    <figure>
      <div className="h-44 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
            <XAxis dataKey="at" type="number" domain={["dataMin", "dataMax"]} scale="time" tickFormatter={utcTimeOfDay} fontSize={11} stroke="currentColor" minTickGap={24} interval="preserveStartEnd" />
            <YAxis width={56} fontSize={11} tickFormatter={(ms: number) => `${ms} ms`} stroke="currentColor" />
            <Tooltip content={<PointTooltip />} />
            <Line type="stepAfter" dataKey="latency" stroke="#94a3b8" strokeWidth={1} isAnimationActive={false} connectNulls={false} dot={<StatusDot />} activeDot={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {points.length === 1 ? "Latency of the only check so far" : `Latency of the last ${points.length} checks`}; {failures === 0 ? "none failed" : `${failures} failed (red)`}
        {notRun.length > 0 && `; ${notRun.length} not run (grey ring: ${[...new Set(notRun.map((point) => point.status))].join(", ")})`}.
      </figcaption>
    </figure>
  );
}

function StatusDot(props: { cx?: number; cy?: number; payload?: Point; index?: number }) {
  if (props.cx === undefined || props.cy === undefined || !props.payload) return null;
  const { outcome } = props.payload;
  if (outcome === "not_run") return <circle key={props.index} cx={props.cx} cy={props.cy} r={3.5} fill="none" stroke={CHART_NOT_RUN} strokeWidth={1.5} />;
  return <circle key={props.index} cx={props.cx} cy={props.cy} r={3.5} fill={outcome === "ok" ? CHART_OK : CHART_FAILED} stroke="none" />;
}

function PointTooltip({ active, payload }: { active?: boolean; payload?: { payload: Point }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow dark:border-slate-700 dark:bg-slate-900">
      <div>{utcTimestamp(new Date(point.at).toISOString())}</div>
      <div>{point.status}{point.latency !== null && point.outcome === "ok" ? ` · ${point.latency} ms` : ""}</div>
      {point.reason && <div className="max-w-64 text-slate-600 dark:text-slate-400">{point.reason}</div>}
    </div>
  );
}
