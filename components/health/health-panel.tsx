"use client";

import Link from "next/link";
import { useState } from "react";

import { RequiresRole } from "@/components/roles/requires-role";
import { TimeStamp } from "@/components/ui/time-stamp";
import type { HealthResult } from "@/lib/health/types";
import { useRecheck, useServerHealth } from "@/lib/query/health";
import type { OAuthMode } from "@/lib/query/oauth";

import { healthLabel, healthStyle } from "./health-status";
import { LatencyChart } from "./latency-chart";

/**
 * A server's health: latest status and reason, when it was checked, a latency chart of the history, and a re-check.
 * `oauthMode`: how the server signs in with OAuth, so `auth_required` reads "Connect to check health" or "Each person connects".
 */
export function HealthPanel({ name, oauthMode = null }: { name: string; oauthMode?: OAuthMode }) {
  const { data, error, isPending } = useServerHealth(name);
  const recheck = useRecheck(name);
  const [statusBefore, setStatusBefore] = useState<string>();

  if (isPending) return <section aria-busy="true" className={card}><h2 className={heading}>Health</h2><p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p></section>;
  if (error) return <section className={card}><h2 className={heading}>Health</h2><p role="alert" className="text-sm text-red-600">{error.message}</p></section>;

  const { health, history } = data;
  const style = healthStyle(health.status);
  // Skipped and unknown checks did not run: they are not failures.
  const lastFailure = history.find((entry) => !entry.ok && entry.status !== "unknown" && entry.status !== "skipped");
  const recheckedToUnknown = recheck.data?.status === "unknown" && statusBefore !== undefined && statusBefore !== "unknown";

  return (
    <section aria-labelledby="health-heading" className={card}>
      <div className="flex items-start justify-between gap-4">
        <h2 id="health-heading" className={heading}>Health</h2>
        <RequiresRole role="editor">
          <button type="button" onClick={() => { setStatusBefore(health.status); recheck.mutate(); }} disabled={recheck.isPending} className={button}>
            {recheck.isPending ? "Checking…" : "Re-check now"}
          </button>
        </RequiresRole>
      </div>

      <div className="flex items-center gap-2" aria-live="polite">
        <span aria-hidden="true" className={`inline-block size-3 rounded-full ${style.dot}`} />
        <span className={`text-lg font-semibold ${style.text}`}>{healthLabel(health.status, oauthMode)}</span>
        {health.latency_ms !== null && <span className="text-sm text-slate-600 dark:text-slate-400">{health.latency_ms} ms</span>}
      </div>
      {recheck.error && <p role="alert" className="text-sm text-red-600">Re-check failed: {recheck.error.message}</p>}
      {health.status === "unknown" && health.checked_at && health.reason && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {recheckedToUnknown && <>The re-check could not probe, so the status is now unknown (it was {healthStyle(statusBefore!).label}). </>}
          Not probed: {health.reason}.
          {health.reason?.startsWith("cannot resolve") && (
            <> Set its <Link href={`/mcp-servers/${encodeURIComponent(name)}/edit#health-parameters`} className="underline">health check parameters</Link>.</>
          )}
        </p>
      )}

      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {/* The registry's own environment: a test run in another one is recorded there, not here. */}
        <dt className="text-slate-600 dark:text-slate-400">Environment</dt>
        <dd>{data.environment}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Checked</dt>
        <dd>{health.checked_at ? <TimeStamp iso={health.checked_at} /> : "never"}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Reason</dt>
        <dd className="break-words">{health.reason ?? "—"}</dd>
        {health.server_info && (<><dt className="text-slate-600 dark:text-slate-400">Server</dt><dd>{health.server_info.name} {health.server_info.version}</dd></>)}
        {health.protocol_version && (<><dt className="text-slate-600 dark:text-slate-400">Protocol</dt><dd>{health.protocol_version}</dd></>)}
        {health.tool_count !== null && (<><dt className="text-slate-600 dark:text-slate-400">Tools</dt><dd>{health.tool_count}</dd></>)}
        {lastFailure && lastFailure.checked_at !== health.checked_at && <LastFailure entry={lastFailure} />}
      </dl>

      <LatencyChart history={history} />
    </section>
  );
}

function LastFailure({ entry }: { entry: HealthResult }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">Last failure</dt>
      <dd className="break-words">
        {entry.reason ?? entry.status}
        {entry.checked_at && <span className="text-slate-600 dark:text-slate-400"> · <TimeStamp iso={entry.checked_at} /></span>}
      </dd>
    </>
  );
}

const card = "space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800";
const heading = "text-base font-semibold";
const button = "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-900";
