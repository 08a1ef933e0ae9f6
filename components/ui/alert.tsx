import type { ReactNode } from "react";

import { cx } from "./class-names";

type Tone = "info" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  danger: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
};

/** A boxed message; `role="alert"` for errors that appear after an action, otherwise a plain region. */
export function Alert({ tone = "info", title, children, isUrgent, className }: {
  tone?: Tone; title?: ReactNode; children?: ReactNode; isUrgent?: boolean; className?: string;
}) {
  return (
    <div role={isUrgent ? "alert" : undefined} className={cx("rounded-md border px-4 py-3 text-sm", TONES[tone], className)}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? "mt-1" : undefined}>{children}</div>}
    </div>
  );
}
