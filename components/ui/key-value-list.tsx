import type { ReactNode } from "react";

import { cx } from "./class-names";

type KeyValueListProps = { items: [label: string, value: ReactNode][]; mono?: boolean; isStacked?: boolean };

/** A definition list of label → value pairs; stacked (label above value) for narrow columns. */
export function KeyValueList({ items, mono = false, isStacked = false }: KeyValueListProps) {
  if (items.length === 0) return null;
  return (
    <dl className={cx("text-sm", isStacked ? "flex flex-col gap-2" : "grid grid-cols-[minmax(6rem,max-content)_1fr] gap-x-4 gap-y-1.5")}>
      {items.map(([label, value]) => (
        <div key={label} className={isStacked ? undefined : "contents"}>
          <dt className={cx("text-slate-600 dark:text-slate-400", mono && "font-mono text-xs leading-5", isStacked && "text-xs")}>{label}</dt>
          <dd className={cx("min-w-0 [overflow-wrap:anywhere]", mono && "font-mono text-xs leading-5")}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
