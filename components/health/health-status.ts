import { healthLabelFor, type OAuthMode } from "@/lib/query/oauth";

/** Colour and words for each status of DESIGN §5; colour is never the only signal. */
export const HEALTH_STYLES: Record<string, { dot: string; text: string; label: string }> = {
  healthy: { dot: "bg-emerald-500", text: "text-emerald-700 dark:text-emerald-400", label: "healthy" },
  degraded: { dot: "bg-amber-500", text: "text-amber-700 dark:text-amber-400", label: "degraded" },
  auth_required: { dot: "bg-sky-500", text: "text-sky-700 dark:text-sky-400", label: "auth required" },
  not_mcp: { dot: "bg-violet-500", text: "text-violet-700 dark:text-violet-400", label: "not MCP" },
  unhealthy: { dot: "bg-red-600", text: "text-red-700 dark:text-red-400", label: "unhealthy" },
  skipped: { dot: "bg-slate-300 dark:bg-slate-600", text: "text-slate-600 dark:text-slate-400", label: "skipped" },
  unknown: { dot: "bg-slate-400 dark:bg-slate-500", text: "text-slate-600 dark:text-slate-400", label: "unknown" },
};

export function healthStyle(status: string) {
  return HEALTH_STYLES[status] ?? HEALTH_STYLES.unknown;
}

/** Chart colours (SVG fills, not classes): a working probe, a failed one, one that did not run (skipped, unknown). */
export const CHART_OK = "#10b981";
export const CHART_FAILED = "#dc2626";
export const CHART_NOT_RUN = "#94a3b8";

/** The status in words; an OAuth server waiting on a sign-in says what to do (DESIGN §17). */
export function healthLabel(status: string, oauthMode: OAuthMode = null): string {
  return healthLabelFor(status, healthStyle(status).label, oauthMode);
}
