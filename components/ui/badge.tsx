import type { ReactNode } from "react";

import { cx } from "./class-names";

type Tone = "neutral" | "accent" | "warning" | "danger" | "success";

const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  accent: "bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200",
  warning: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  danger: "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200",
  success: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
};

export function Badge({ tone = "neutral", children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <span className={cx("inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium", TONES[tone], className)}>
      {children}
    </span>
  );
}
