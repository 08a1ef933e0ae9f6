import { cx } from "./class-names";

const COLORS: Record<string, string> = {
  healthy: "bg-emerald-500",
  degraded: "bg-amber-500",
  auth_required: "bg-sky-500",
  unhealthy: "bg-red-600",
  skipped: "bg-slate-300 dark:bg-slate-600",
  unknown: "bg-slate-400 dark:bg-slate-500",
};

export function healthLabel(status: string): string {
  return status.replace("_", " ");
}

/** A coloured dot with its status in words beside it (colour is never the only signal). */
export function HealthDot({ status, showLabel = true, className }: { status: string; showLabel?: boolean; className?: string }) {
  return (
    <span className={cx("inline-flex items-center gap-1.5 text-xs text-slate-700 dark:text-slate-300", className)} title={healthLabel(status)}>
      <span aria-hidden="true" className={cx("inline-block size-2.5 rounded-full", COLORS[status] ?? COLORS.unknown)} />
      <span className={showLabel ? undefined : "sr-only"}>{healthLabel(status)}</span>
    </span>
  );
}
