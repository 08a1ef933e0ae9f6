import type { ReactNode } from "react";

import { cx } from "./class-names";

/** A titled section of a page; the heading level is chosen by the page. */
export function Card({ title, headingLevel = 2, actions, children, className, id }: {
  title?: ReactNode; headingLevel?: 2 | 3; actions?: ReactNode; children: ReactNode; className?: string; id?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={title && id ? `${id}-title` : undefined} id={id}
      className={cx("rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-950", className)}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && <Heading id={id ? `${id}-title` : undefined} className="text-base font-semibold">{title}</Heading>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
